import { createHash } from 'node:crypto';
import { chargeWording } from '@building/events/account/charge-names';
import { cardCreditPoisha } from '@building/events/account/card-credit';
import { accountView, type AccountLineKind } from '@building/events/read-models/account';
import type { ProjectedEvent } from '@building/events/decode-event';
import type { Month } from '@building/events/catalogue';
import { defineProjection } from '../projection.ts';
import type { RowChange } from '../row-changes.ts';
import { column } from '../table-spec.ts';

interface Line {
  email: string;
  si: number;
  year?: number;
  month?: Month;
  kind: AccountLineKind;
  description: string;
  debit?: number;
  credit?: number;
  method?: string;
  reference?: string;
  refId?: string;
  at: string;
}

/**
 * The n-th further line of one event, a uuid derived from the event's: the same on every replay,
 * so a redelivery inserts nothing new.
 */
function lineIdOf(eventId: string, n: number): string {
  const hex = createHash('sha256').update(`${eventId}/${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** One row per line, keyed by its event (a redelivery inserts nothing new). */
const lineOf =
  <E extends ProjectedEvent>(toLine: (event: E) => Line) =>
  (event: E): RowChange<'lines'>[] =>
    rowOf(event.id, toLine(event));

function rowOf(lineId: string, l: Line): RowChange<'lines'>[] {
  return [
    {
      table: 'lines',
      insert: {
        line_id: lineId,
        email: l.email.toLowerCase(),
        si: l.si,
        year: l.year ?? null,
        month: l.month ?? null,
        kind: l.kind,
        description: l.description,
        debit_poisha: l.debit ?? 0,
        credit_poisha: l.credit ?? 0,
        method: l.method ?? null,
        reference: l.reference ?? null,
        ref_id: l.refId ?? null,
        occurred_at: l.at,
      },
    },
  ];
}

/** The money lines of every resident's account; the rent lines are added from the leases when read. */
export const account = defineProjection(accountView, {
  tables: {
    lines: {
      key: 'line_id',
      insertOnly: true,
      columns: {
        line_id: column.uuid(),
        email: column.text(),
        si: column.integer(),
        year: column.integer({ nullable: true, default: null }),
        month: column.text({ nullable: true, default: null }),
        kind: column.text(),
        description: column.text(),
        debit_poisha: column.bigint(),
        credit_poisha: column.bigint(),
        method: column.text({ nullable: true, default: null }),
        reference: column.text({ nullable: true, default: null }),
        ref_id: column.text({ nullable: true, default: null }),
        occurred_at: column.timestamptz(),
      },
      indexes: [['email', 'occurred_at']],
    },
  },
  on: {
    ChargeAdded: lineOf(({ data: d }) => ({
      ...d,
      kind: 'charge',
      description: d.description ? `${chargeWording(d.kind)}: ${d.description}` : chargeWording(d.kind),
      debit: d.amountPoisha,
      refId: d.chargeId,
      at: d.addedAt,
    })),
    ChargeCancelled: lineOf(({ data: d }) => ({
      ...d,
      kind: 'charge-cancelled',
      description: `Charge cancelled: ${d.reason}`,
      credit: d.amountPoisha,
      refId: d.chargeId,
      at: d.cancelledAt,
    })),
    LateFeeCharged: lineOf(({ data: d }) => ({
      ...d,
      kind: 'late-fee',
      description: `Late fee, ${d.percent}% of the unpaid rent`,
      debit: d.amountPoisha,
      at: d.chargedAt,
    })),
    RentPaid: lineOf(({ data: d }) => ({
      ...d,
      kind: 'card-payment',
      description: d.couponCode ? `Paid by card (coupon ${d.couponCode})` : 'Paid by card',
      // What it paid and, on the rent, its coupon's discount (card-credit.ts).
      credit: cardCreditPoisha(d),
      method: 'card',
      reference: d.transactionId,
      refId: d.transactionId,
      at: d.paidAt,
    })),
    // Money a refund at the provider gave back is owed again (a second charge's never paid the month).
    // Given back in full, the payment's coupon discount (credited with it) is owed again too.
    RentRefunded: (event) => {
      const d = event.data;
      if (d.reason !== 'provider-refund') return [];
      const refund = { ...d, kind: 'refund' as const, method: 'card', refId: d.paymentIntentId };
      return [
        ...rowOf(event.id, {
          ...refund,
          description: 'Refunded to the card',
          debit: d.amountPoisha,
          reference: d.refundId,
          at: d.refundedAt,
        }),
        ...(d.discountPoisha
          ? rowOf(lineIdOf(event.id, 1), {
              ...refund,
              description: 'Coupon discount withdrawn',
              debit: d.discountPoisha,
              // A millisecond after the refund, so the account lists it next.
              at: new Date(Date.parse(d.refundedAt) + 1).toISOString(),
            })
          : []),
      ];
    },
    OfflinePaymentRecorded: lineOf(({ data: d }) => ({
      ...d,
      kind: 'payment',
      description: 'Payment received',
      credit: d.amountPoisha,
      method: d.method,
      reference: d.reference,
      refId: d.paymentId,
      at: d.recordedAt,
    })),
    PaymentReversed: lineOf(({ data: d }) => ({
      ...d,
      kind: 'payment-reversed',
      description: `Payment reversed: ${d.reason}`,
      debit: d.amountPoisha,
      refId: d.paymentId,
      at: d.reversedAt,
    })),
    DepositOwed: lineOf(({ data: d }) => ({
      ...d,
      kind: 'deposit',
      description: `Deposit, ${d.months} months of rent`,
      debit: d.amountPoisha,
      refId: d.leaseId,
      at: d.owedAt,
    })),
    DepositPaid: lineOf(({ data: d }) => ({
      ...d,
      kind: 'deposit-payment',
      description: 'Deposit paid',
      credit: d.amountPoisha,
      method: d.method,
      reference: d.reference,
      refId: d.paymentId,
      at: d.paidAt,
    })),
    DepositSettled: (event) => {
      const d = event.data;
      const kept = d.deductions.reduce((sum, x) => sum + x.amountPoisha, 0);
      const settled = { email: d.email, si: d.si, refId: d.leaseId, at: d.settledAt };
      // Released in full, then the deductions and the return owed back: a deposit paid in full nets
      // to nothing, and the resident's balance shows what changed hands.
      const lines: Line[] = [
        { ...settled, kind: 'deposit-release', description: 'Deposit released', credit: d.owedPoisha },
        ...(kept > 0
          ? [
              {
                ...settled,
                kind: 'deposit-deduction' as const,
                description: `Deposit deductions: ${d.deductions.map((x) => x.reason).join(', ')}`,
                debit: kept,
              },
            ]
          : []),
        ...(d.returnedPoisha > 0
          ? [
              {
                ...settled,
                kind: 'deposit-return' as const,
                description: 'Deposit returned',
                debit: d.returnedPoisha,
                method: d.method,
                reference: d.reference,
              },
            ]
          : []),
      ];
      // A millisecond apart, so the account lists them in this order (lines sort by date).
      const at = (n: number) => new Date(Date.parse(d.settledAt) + n).toISOString();
      return lines.flatMap((line, n) =>
        rowOf(n === 0 ? event.id : lineIdOf(event.id, n), { ...line, at: at(n) }),
      );
    },
  },
});
