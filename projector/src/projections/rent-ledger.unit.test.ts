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
  paid_amount_poisha: null,
  coupon_code: null,
  paid_at: null,
  transaction_id: null,
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
    expectRows([accepted], { leases: [leaseRow], months: [] });
    expectRows([accepted, ended], { leases: [{ ...leaseRow, ended_at: at(20) }], months: [] });
  });

  it("settles a month's reminders and payment on one row, whichever arrives first", () => {
    const settled = {
      ...marchRow,
      due_reminded_at: at(1),
      overdue_reminded_at: at(6),
      paid_amount_poisha: 1_170_000,
      coupon_code: 'SAVE10',
      paid_at: at(8),
      transaction_id: 'pi_3',
    };
    expectRows([accepted, reminded('due', 1), reminded('overdue', 6), paid], {
      leases: [leaseRow],
      months: [settled],
    });
    expectRows([paid, reminded('overdue', 6), reminded('due', 1)], { leases: [], months: [settled] });
  });
});
