import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { leaseAccepted, leaseOf, rentPaid, rentReminded } from '@building/events/testing/event-fixtures';
import { given, rowsOf } from '../testing/given-events.ts';
import { rentLedger } from './rent-ledger.ts';

const lease = leaseOf();
const ana = { email: 'Ana@Example.com', name: 'Ana' };
const requestA = '11111111-1111-4111-8111-111111111111';
const at = (day: number) => new Date(Date.UTC(2026, 2, day, 9)).toISOString();
const march = 'payment-3-2026-march';

const accepted: [string, DomainEvent] = ['agreement-3', leaseAccepted(ana, at(1), lease, requestA)];
const ended: [string, DomainEvent] = [
  'agreement-3',
  { type: 'LeaseEnded', data: { si: 3, userEmail: ana.email, endedAt: at(20), reason: 'member-demoted' } },
];
const reminded = (kind: 'due' | 'overdue', day: number): [string, DomainEvent] => [
  march,
  rentReminded(ana, { month: 'March', year: 2026, kind, issuedAt: at(day) }, lease),
];
const paid: [string, DomainEvent] = [
  march,
  rentPaid(ana, { month: 'March', year: 2026, paidAt: at(8) }, lease, { code: 'SAVE10', discount: 10 }),
];

const leaseRow = {
  lease_id: requestA,
  email: 'ana@example.com',
  name: 'Ana',
  si: 3,
  apartment: 'A-103',
  rent_poisha: 1_300_000,
  started_at: at(1),
  ended_at: null,
};
const marchRow = {
  month_key: '3-2026-march',
  si: 3,
  year: 2026,
  month: 'March',
  due_reminded_at: null,
  overdue_reminded_at: null,
};

/** given(history) -> then(rows), and the same rows when the whole history arrives again. */
function expectRows(history: Array<[string, DomainEvent]>, rows: Record<string, unknown[]>) {
  const events = given(...history);
  expect(rowsOf(rentLedger, events)).toEqual(rows);
  expect(rowsOf(rentLedger, events, 2)).toEqual(rows);
}

describe('projection: the rent ledger facts', () => {
  it('keeps each lease, in rent poisha, until it ends', () => {
    expectRows([accepted], { leases: [leaseRow], months: [], money: [] });
    expectRows([accepted, ended], { leases: [{ ...leaseRow, ended_at: at(20) }], months: [], money: [] });
  });

  const paidRow = {
    money_id: expect.any(String),
    si: 3,
    year: 2026,
    month: 'March',
    kind: 'paid',
    amount_poisha: 1_170_000,
    // What it settles: the money and the coupon's discount.
    credit_poisha: 1_300_000,
    coupon_code: 'SAVE10',
    transaction_id: 'pi_3',
    method: null,
    reference: null,
    description: null,
    at: at(8),
  };

  it("settles a month's reminders on one row, whichever arrives first, and its payment on a row of its own", () => {
    const settled = { ...marchRow, due_reminded_at: at(1), overdue_reminded_at: at(6) };
    expectRows([accepted, reminded('due', 1), reminded('overdue', 6), paid], {
      leases: [leaseRow],
      months: [settled],
      money: [paidRow],
    });
    expectRows([paid, reminded('overdue', 6), reminded('due', 1)], {
      leases: [],
      months: [settled],
      money: [paidRow],
    });
  });

  it("keeps a refund made at the provider beside the payment, with its moment; a second charge is not the month's money", () => {
    const refund = (
      reason: 'provider-refund' | 'duplicate-charge',
      paymentIntentId: string,
    ): [string, DomainEvent] => [
      march,
      {
        type: 'RentRefunded',
        data: {
          ...{
            paymentIntentId,
            refundId: `re_${reason}`,
            si: 3,
            month: 'March',
            year: 2026,
            email: ana.email,
          },
          ...{ amountPoisha: 70_000, reason, coveredPoisha: 1_100_000, refundedAt: at(12) },
        },
      },
    ];
    const refundRow = {
      ...paidRow,
      kind: 'refunded',
      amount_poisha: 70_000,
      credit_poisha: 0,
      coupon_code: null,
      at: at(12),
    };
    const rows = rowsOf(
      rentLedger,
      given(paid, refund('duplicate-charge', 'pi_9'), refund('provider-refund', 'pi_3')),
    );
    expect(rows.money).toHaveLength(2);
    expect(rows.money).toEqual(expect.arrayContaining([paidRow, refundRow]));
    // The payment's row is left as it was paid: the ledger at a date before the refund shows it whole.
    expect(rowsOf(rentLedger, given(paid, refund('provider-refund', 'pi_3')), 2).money).toEqual(
      expect.arrayContaining([paidRow, refundRow]),
    );
  });
  it("keeps the month's charges, late fee and offline payments, and their undoing, each a row with its moment", () => {
    const account = {
      si: 3,
      apartment: 'A-103',
      month: 'March',
      year: 2026,
      email: ana.email,
      name: 'Ana',
      leaseId: requestA,
    } as const;
    const [chargeId, paymentId] = [
      '22222222-2222-4222-8222-222222222222',
      '33333333-3333-4333-8333-333333333333',
    ];
    const history: Array<[string, DomainEvent]> = [
      [
        march,
        {
          type: 'ChargeAdded',
          data: {
            ...account,
            ...{ chargeId, block: 'A', kind: 'water', amountPoisha: 50_000, description: 'Pump' },
            ...{ origin: 'admin', addedBy: 'admin@example.com', addedAt: at(2) },
          },
        },
      ],
      [
        march,
        {
          type: 'LateFeeCharged',
          data: {
            ...account,
            percent: 5,
            unpaidRentPoisha: 1_300_000,
            amountPoisha: 65_000,
            chargedAt: at(6),
          },
        },
      ],
      [
        march,
        {
          type: 'OfflinePaymentRecorded',
          data: {
            ...account,
            ...{ paymentId, method: 'nagad', reference: 'NG-1', amountPoisha: 400_000 },
            ...{ recordedBy: 'admin@example.com', recordedAt: at(7) },
          },
        },
      ],
      [
        march,
        {
          type: 'PaymentReversed',
          data: {
            ...{ paymentId, si: 3, month: 'March', year: 2026, email: ana.email, amountPoisha: 400_000 },
            ...{ reason: 'wrong flat', method: 'nagad', reversedBy: 'admin@example.com', reversedAt: at(9) },
          },
        },
      ],
      [
        march,
        {
          type: 'ChargeCancelled',
          data: {
            ...{ chargeId, si: 3, month: 'March', year: 2026, email: ana.email, amountPoisha: 50_000 },
            ...{ reason: 'twice', kind: 'water', cancelledBy: 'admin@example.com', cancelledAt: at(10) },
          },
        },
      ],
    ];
    const row = (kind: string, id: string, day: number, more: Record<string, unknown> = {}) => ({
      ...paidRow,
      ...{ kind, transaction_id: id, at: at(day), amount_poisha: 0, credit_poisha: 0, coupon_code: null },
      ...more,
    });
    const events = given(...history);
    const rows = rowsOf(rentLedger, events);
    expect(rowsOf(rentLedger, events, 2)).toEqual(rows);
    expect(rows.money).toHaveLength(5);
    expect(rows.money).toEqual(
      expect.arrayContaining([
        row('charge', chargeId, 2, { amount_poisha: 50_000, description: 'Pump' }),
        row('late-fee', requestA, 6, { amount_poisha: 65_000 }),
        row('offline', paymentId, 7, { amount_poisha: 400_000, method: 'nagad', reference: 'NG-1' }),
        row('reversed', paymentId, 9),
        row('charge-cancelled', chargeId, 10),
      ]),
    );
  });
});
