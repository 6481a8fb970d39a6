import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { given, rowsOf } from '../testing/given-events.ts';
import { expenses } from './expenses.ts';

const expenseId = '00000000-0000-4000-8000-000000000301';
const recurringId = '00000000-0000-4000-8000-000000000302';
const recorded: [string, DomainEvent] = [
  `expense-${expenseId}`,
  {
    type: 'ExpenseRecorded',
    data: {
      expenseId,
      date: '2026-11-20',
      category: 'repairs',
      vendor: 'Karim Plumbing',
      amountPoisha: 350_050,
      description: 'Roof tank valve',
      receipt: null,
      paidFrom: 'cash',
      recurringId: null,
      recordedBy: 'Admin@building.test',
      recordedAt: '2026-11-21T04:00:00.000Z',
    },
  },
];
const reversed: [string, DomainEvent] = [
  `expense-${expenseId}`,
  {
    type: 'ExpenseReversed',
    data: {
      expenseId,
      date: '2026-11-20',
      category: 'repairs',
      amountPoisha: 350_050,
      paidFrom: 'cash',
      reason: 'Entered twice',
      reversedBy: 'admin@building.test',
      reversedAt: '2026-11-22T04:00:00.000Z',
    },
  },
];
const planned: [string, DomainEvent] = [
  `expense-recurring-${recurringId}`,
  {
    type: 'RecurringExpenseSet',
    data: {
      recurringId,
      category: 'salaries',
      vendor: 'Guards',
      amountPoisha: 2_400_000,
      description: '',
      paidFrom: 'bank',
      dayOfMonth: 1,
      setBy: 'admin@building.test',
      setAt: '2026-11-01T04:00:00.000Z',
    },
  },
];
const stopped: [string, DomainEvent] = [
  `expense-recurring-${recurringId}`,
  {
    type: 'RecurringExpenseStopped',
    data: { recurringId, stoppedBy: 'admin@building.test', stoppedAt: '2026-11-02T04:00:00.000Z' },
  },
];

describe('projection: the expenses', () => {
  it('keeps an expense with its reversal, and the recurring plans, the same when applied twice', () => {
    const events = given(recorded, reversed, planned, stopped);
    const rows = rowsOf(expenses, events);
    expect(rowsOf(expenses, events, 2)).toEqual(rows);
    expect(rows.expenses).toEqual([
      expect.objectContaining({
        expense_id: expenseId,
        amount_poisha: 350_050,
        recorded_by: 'admin@building.test',
        reversal_reason: 'Entered twice',
      }),
    ]);
    expect(rows.recurring).toEqual([expect.objectContaining({ recurring_id: recurringId, active: false })]);
  });
});
