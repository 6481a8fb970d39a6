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

/** One row per line, keyed by its event (a redelivery inserts nothing new). */
const lineOf =
  <E extends ProjectedEvent>(toLine: (event: E) => Line) =>
  (event: E): RowChange<'lines'>[] => {
    const l = toLine(event);
    return [
      {
        table: 'lines',
        insert: {
          line_id: event.id,
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
  };

const chargeNames = {
  service: 'Service charge',
  electricity: 'Electricity',
  gas: 'Gas',
  water: 'Water',
  other: 'Charge',
} as const;

/** The money lines of every resident's account; the rent lines are added from the leases when read. */
export const account = defineProjection(accountView, {
  tables: {
    lines: {
      key: 'line_id',
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
      description: d.description ? `${chargeNames[d.kind]}: ${d.description}` : chargeNames[d.kind],
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
      // The card settles the rent in full (its coupon included) and every item it lists besides.
      credit:
        d.rentPoisha +
        (d.items ?? []).filter((i) => i.kind !== 'rent').reduce((s, i) => s + i.amountPoisha, 0),
      method: 'card',
      reference: d.transactionId,
      refId: d.transactionId,
      at: d.paidAt,
    })),
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
    DepositSettled: lineOf(({ data: d }) => ({
      ...d,
      kind: 'deposit-return',
      description: `Deposit settled: ${d.deductions.map((x) => x.reason).join(', ') || 'no deductions'}; returned`,
      // The building pays back what it held beyond the deductions: the deposit is then square.
      debit: d.returnedPoisha,
      method: d.method,
      reference: d.reference,
      refId: d.leaseId,
      at: d.settledAt,
    })),
  },
});
