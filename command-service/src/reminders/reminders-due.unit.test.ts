import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { applyLedgerEvent, noLedgerFacts } from '@building/events/rent-ledger/ledger-facts';
import { remindersDue } from './reminders-due.ts';

const mina = 'mina@building.test';
const lease = { si: 7, apartment: '3A01', block: 'A', floor: 3, room: '3 bed', rent: 24_000 };
const Leased: DomainEvent = {
  type: 'AgreementAccepted',
  data: {
    ...lease,
    requestId: '7b0c6f1e-1c63-4bd4-9d36-3f3f1e0a3c11',
    userEmail: mina,
    userName: 'Mina',
    acceptedAt: '2026-02-10T04:00:00Z',
  },
};
const Reminded = (kind: 'due' | 'overdue'): DomainEvent => ({
  type: 'RentReminderIssued',
  data: {
    si: 7,
    apartment: '3A01',
    month: 'March',
    year: 2026,
    email: mina,
    name: 'Mina',
    kind,
    amountPoisha: 2_400_000,
    issuedAt: '2026-03-01T00:00:00Z',
  },
});
const PaidMarch: DomainEvent = {
  type: 'RentPaid',
  data: {
    ...lease,
    paymentIntentId: 'pi_1',
    transactionId: 'pi_1',
    month: 'March',
    year: 2026,
    email: mina,
    name: 'Mina',
    rentPoisha: 2_400_000,
    discount: 0,
    couponCode: null,
    amountPoisha: 2_400_000,
    paidAt: '2026-03-02T00:00:00Z',
  },
};
const due = (at: string, ...history: DomainEvent[]) =>
  remindersDue(history.reduce(applyLedgerEvent, noLedgerFacts()), new Date(at)).map(
    (r) => `${r.kind} ${r.month} ${r.year} ${r.email}`,
  );

describe('which reminders are due', () => {
  it("reminds on the 1st (Dhaka time) that the month's rent is due", () => {
    expect(due('2026-02-28T18:00:00Z', Leased)).toEqual([`due March 2026 ${mina}`]);
  });
  it('sends each kind once: nothing while the due one is issued and the month not overdue', () => {
    expect(due('2026-03-03T00:00:00Z', Leased, Reminded('due'))).toEqual([]);
  });
  it('reminds after the 5th that the month is overdue', () => {
    expect(due('2026-03-06T00:00:00Z', Leased, Reminded('due'))).toEqual([`overdue March 2026 ${mina}`]);
    expect(due('2026-03-06T00:00:00Z', Leased, Reminded('due'), Reminded('overdue'))).toEqual([]);
  });
  it('reminds of nothing paid, and nobody whose lease ended', () => {
    expect(due('2026-03-06T00:00:00Z', Leased, PaidMarch)).toEqual([]);
    const Ended: DomainEvent = {
      type: 'LeaseEnded',
      data: { si: 7, userEmail: mina, endedAt: '2026-03-01T00:00:00Z', reason: 'member-demoted' },
    };
    expect(due('2026-03-06T00:00:00Z', Leased, Ended)).toEqual([]);
  });
  it('reminds only of the current month, never of the months a stopped scheduler missed', () => {
    expect(due('2026-05-02T00:00:00Z', Leased)).toEqual([`due May 2026 ${mina}`]);
  });
});
