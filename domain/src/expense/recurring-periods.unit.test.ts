import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { applyRecurringEvent, noRecurringFacts, recurringPeriodsDue } from './recurring-periods.ts';

const recurringId = '22222222-2222-4222-8222-222222222222';
const set = (setAt: string, dayOfMonth = 1): DomainEvent => ({
  type: 'RecurringExpenseSet',
  data: {
    recurringId,
    category: 'salaries',
    vendor: 'Guards',
    amountPoisha: 2_400_000,
    description: '',
    paidFrom: 'bank',
    dayOfMonth,
    setBy: 'admin@building.test',
    setAt,
  },
});
const issued = (date: string): DomainEvent => ({
  type: 'ExpenseRecorded',
  data: {
    expenseId: '11111111-1111-4111-8111-111111111111',
    date,
    category: 'salaries',
    vendor: 'Guards',
    amountPoisha: 2_400_000,
    description: '',
    receipt: null,
    paidFrom: 'bank',
    recurringId,
    recordedBy: 'scheduler',
    recordedAt: `${date}T01:00:00.000Z`,
  },
});
const factsOf = (...events: DomainEvent[]) => events.reduce(applyRecurringEvent, noRecurringFacts());

describe('the periods of a recurring expense that are due', () => {
  it('starts at the first of its days on or after it was set, up to today in Dhaka', () => {
    // Set on 26 October; on 1 December at 00:30 Dhaka (18:30 UTC the day before) two periods are due.
    const facts = factsOf(set('2026-10-26T08:00:00.000Z'));
    expect(recurringPeriodsDue(facts, new Date('2026-11-30T18:30:00.000Z'))).toEqual([
      { recurringId, date: '2026-11-01' },
      { recurringId, date: '2026-12-01' },
    ]);
    expect(recurringPeriodsDue(facts, new Date('2026-11-30T17:30:00.000Z'))).toEqual([
      { recurringId, date: '2026-11-01' },
    ]);
  });
  it('takes the day it was set when that is its day', () =>
    expect(
      recurringPeriodsDue(factsOf(set('2026-11-10T08:00:00.000Z', 10)), new Date('2026-11-10T09:00:00Z')),
    ).toEqual([{ recurringId, date: '2026-11-10' }]));
  it('leaves out the periods already issued, and everything once stopped', () => {
    const now = new Date('2027-01-02T00:00:00.000Z');
    expect(
      recurringPeriodsDue(factsOf(set('2026-10-26T08:00:00.000Z'), issued('2026-11-01')), now).map(
        (p) => p.date,
      ),
    ).toEqual(['2026-12-01', '2027-01-01']);
    const stopped: DomainEvent = {
      type: 'RecurringExpenseStopped',
      data: { recurringId, stoppedBy: 'admin@building.test', stoppedAt: '2026-11-05T00:00:00.000Z' },
    };
    expect(recurringPeriodsDue(factsOf(set('2026-10-26T08:00:00.000Z'), stopped), now)).toEqual([]);
  });
});
