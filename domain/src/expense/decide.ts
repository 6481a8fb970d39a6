import type { DomainEvent, EventData } from '@building/events/catalogue';
import { refuse } from '@building/events/domain-error';
import { buildingDay } from '@building/events/rent-ledger/building-calendar';
import { requireAdmin, type Caller } from '../command-handling/caller.ts';
import type { ExpenseState } from './expense.ts';

/** What an admin enters of an expense (amount already in poisha). */
export type ExpenseEntry = Pick<
  EventData<'ExpenseRecorded'>,
  'date' | 'category' | 'vendor' | 'amountPoisha' | 'description' | 'receipt' | 'paidFrom'
>;
export type RecurringTerms = Pick<
  EventData<'RecurringExpenseSet'>,
  'category' | 'vendor' | 'amountPoisha' | 'description' | 'paidFrom' | 'dayOfMonth'
>;

export type ExpenseCommand =
  | { type: 'RecordExpense'; data: ExpenseEntry & { expenseId: string; by: Caller; now: Date } }
  | { type: 'ReverseExpense'; data: { expenseId: string; reason: string; by: Caller; now: Date } }
  | { type: 'SetRecurringExpense'; data: RecurringTerms & { recurringId: string; by: Caller; now: Date } }
  | { type: 'StopRecurringExpense'; data: { recurringId: string; by: Caller; now: Date } }
  | {
      type: 'IssueRecurringExpense';
      /** The period's expense (its id derived from the plan and the period) on its own stream. */
      data: { expenseId: string; recurringId: string; date: string; now: Date };
    };

/** The two streams an issue decides on: the plan's and the period's expense. */
export interface ExpenseStreams {
  expense: ExpenseState;
  plan: ExpenseState;
}

/** Dhaka's calendar date at `now`: the building's today. */
export function buildingToday(now: Date): string {
  const d = buildingDay(now);
  return `${d.year}-${String(d.index + 1).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

export function decideExpense(command: ExpenseCommand, streams: ExpenseStreams): DomainEvent[] {
  switch (command.type) {
    case 'RecordExpense': {
      const { expenseId, by, now, ...entry } = command.data;
      requireAdmin(by, 'record an expense');
      if (entry.date > buildingToday(now))
        throw refuse('expense-date-in-future', `an expense dated ${entry.date} has not happened yet`, {
          fields: [{ field: 'date', message: 'in the future' }],
        });
      if (streams.expense.recorded)
        throw refuse('expense-already-recorded', `expense ${expenseId} was already recorded`);
      return [
        {
          type: 'ExpenseRecorded',
          data: {
            expenseId,
            ...entry,
            recurringId: null,
            recordedBy: by.email,
            recordedAt: now.toISOString(),
          },
        },
      ];
    }
    case 'ReverseExpense': {
      const { expenseId, reason, by, now } = command.data;
      requireAdmin(by, 'reverse an expense');
      const recorded = streams.expense.recorded;
      if (!recorded) throw refuse('expense-not-found', `no expense ${expenseId}`);
      // A reversal is final: undoing it would be a reversal of a reversal.
      if (streams.expense.reversed)
        throw refuse(
          'expense-already-reversed',
          `expense ${expenseId} was reversed at ${streams.expense.reversed.reversedAt}`,
        );
      const { date, category, amountPoisha, paidFrom } = recorded;
      return [
        {
          type: 'ExpenseReversed',
          data: {
            expenseId,
            date,
            category,
            amountPoisha,
            paidFrom,
            reason,
            reversedBy: by.email,
            reversedAt: now.toISOString(),
          },
        },
      ];
    }
    case 'SetRecurringExpense': {
      const { recurringId, by, now, ...terms } = command.data;
      requireAdmin(by, 'set a recurring expense');
      return [
        {
          type: 'RecurringExpenseSet',
          data: { recurringId, ...terms, setBy: by.email, setAt: now.toISOString() },
        },
      ];
    }
    case 'StopRecurringExpense': {
      const { recurringId, by, now } = command.data;
      requireAdmin(by, 'stop a recurring expense');
      if (!streams.plan.plan)
        throw refuse('recurring-expense-not-found', `no recurring expense ${recurringId}`);
      if (streams.plan.stopped) return [];
      return [
        {
          type: 'RecurringExpenseStopped',
          data: { recurringId, stoppedBy: by.email, stoppedAt: now.toISOString() },
        },
      ];
    }
    case 'IssueRecurringExpense': {
      const { expenseId, recurringId, date, now } = command.data;
      const plan = streams.plan.plan;
      if (!plan) throw refuse('recurring-expense-not-found', `no recurring expense ${recurringId}`);
      if (streams.plan.stopped)
        throw refuse('recurring-expense-stopped', `recurring expense ${recurringId} is stopped`);
      // Another scheduler (or an earlier pass) issued this period: its id is the period's.
      if (streams.expense.recorded)
        throw refuse('expense-already-recorded', `expense ${expenseId} was already recorded`);
      if (date > buildingToday(now))
        throw refuse('expense-date-in-future', `the expense of ${date} is not due yet`);
      const { category, vendor, amountPoisha, description, paidFrom } = plan;
      return [
        {
          type: 'ExpenseRecorded',
          data: {
            expenseId,
            date,
            category,
            vendor,
            amountPoisha,
            description,
            receipt: null,
            paidFrom,
            recurringId,
            recordedBy: 'scheduler',
            recordedAt: now.toISOString(),
          },
        },
      ];
    }
    default: {
      const unhandled: never = command;
      throw new Error(`unknown command ${JSON.stringify(unhandled)}`);
    }
  }
}
