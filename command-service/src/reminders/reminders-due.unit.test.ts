import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { applyLedgerEvent, noLedgerFacts } from '@building/events/rent-ledger/ledger-facts';
import { leaseAccepted, leaseOf, rentPaid, rentReminded } from '@building/events/testing/event-fixtures';
import { remindersDue } from './reminders-due.ts';

const mina = { email: 'mina@building.test', name: 'Mina' };
const lease = leaseOf({ si: 7, apartment: '3A01', floor: 3, room: '3 bed', rent: 24_000 });
const Leased = leaseAccepted(mina, '2026-02-10T04:00:00Z', lease);
const Reminded = (kind: 'due' | 'overdue') =>
  rentReminded(mina, { month: 'March', year: 2026, kind, issuedAt: '2026-03-01T00:00:00Z' }, lease);
const PaidMarch = rentPaid(mina, { month: 'March', year: 2026, paidAt: '2026-03-02T00:00:00Z' }, lease);
const due = (at: string, ...history: DomainEvent[]) =>
  remindersDue(history.reduce(applyLedgerEvent, noLedgerFacts()), new Date(at)).map(
    (r) => `${r.kind} ${r.month} ${r.year} ${r.email}`,
  );

describe('which reminders are due', () => {
  it("reminds on the 1st (Dhaka time) that the month's rent is due", () => {
    expect(due('2026-02-28T18:00:00Z', Leased)).toEqual([`due March 2026 ${mina.email}`]);
  });
  it('sends each kind once: nothing while the due one is issued and the month not overdue', () => {
    expect(due('2026-03-03T00:00:00Z', Leased, Reminded('due'))).toEqual([]);
  });
  it('reminds after the 5th that the month is overdue', () => {
    expect(due('2026-03-06T00:00:00Z', Leased, Reminded('due'))).toEqual([
      `overdue March 2026 ${mina.email}`,
    ]);
    expect(due('2026-03-06T00:00:00Z', Leased, Reminded('due'), Reminded('overdue'))).toEqual([]);
  });
  it('reminds of nothing paid, and nobody whose lease ended', () => {
    expect(due('2026-03-06T00:00:00Z', Leased, PaidMarch)).toEqual([]);
    const Ended: DomainEvent = {
      type: 'LeaseEnded',
      data: { si: 7, userEmail: mina.email, endedAt: '2026-03-01T00:00:00Z', reason: 'member-demoted' },
    };
    expect(due('2026-03-06T00:00:00Z', Leased, Ended)).toEqual([]);
  });
  it('reminds only of the current month, never of the months a stopped scheduler missed', () => {
    expect(due('2026-05-02T00:00:00Z', Leased)).toEqual([`due May 2026 ${mina.email}`]);
  });
});
