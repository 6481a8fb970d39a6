import { streams } from '@building/events/streams';
import { commandMeta, type Caller } from '../command-handling/caller.ts';
import type { CommandContext } from '../command-handling/command-context.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { nameBasedUuid } from '../command-handling/name-based-id.ts';
import { loadAggregate } from '../command-handling/load-aggregate.ts';
import { decideExpense, type ExpenseCommand, type ExpenseEntry, type RecurringTerms } from './decide.ts';
import { expenseAggregate } from './expense.ts';

/** Decides on an expense's stream and, when named, a recurring plan's. */
const decideOn = (
  context: CommandContext,
  ids: { expenseId?: string; recurringId?: string },
  command: ExpenseCommand,
  by: Caller | 'system',
  now: Date,
) =>
  handleCommand(
    context,
    {
      command: command.type,
      load: async () => ({
        expense: ids.expenseId
          ? await loadAggregate(context, streams.expense(ids.expenseId), expenseAggregate)
          : undefined,
        plan: ids.recurringId
          ? await loadAggregate(context, streams.recurringExpense(ids.recurringId), expenseAggregate)
          : undefined,
      }),
      decide: ({ expense, plan }) =>
        decideExpense(command, {
          expense: expense?.state ?? expenseAggregate.initialState(),
          plan: plan?.state ?? expenseAggregate.initialState(),
        }),
    },
    commandMeta(context, by, now),
  );

/** An admin records money the building spent. */
export const recordExpense = (
  context: CommandContext,
  input: ExpenseEntry & { expenseId: string; caller: Caller; now: Date },
) => {
  const { caller, now, ...entry } = input;
  return decideOn(
    context,
    { expenseId: entry.expenseId },
    { type: 'RecordExpense', data: { ...entry, by: caller, now } },
    caller,
    now,
  );
};

/** An admin undoes an expense entered in error, saying why. */
export const reverseExpense = (
  context: CommandContext,
  { expenseId, reason, caller, now }: { expenseId: string; reason: string; caller: Caller; now: Date },
) =>
  decideOn(
    context,
    { expenseId },
    { type: 'ReverseExpense', data: { expenseId, reason, by: caller, now } },
    caller,
    now,
  );

/** An admin sets (or changes) a recurring expense. */
export const setRecurringExpense = (
  context: CommandContext,
  input: RecurringTerms & { recurringId: string; caller: Caller; now: Date },
) => {
  const { caller, now, ...terms } = input;
  return decideOn(
    context,
    { recurringId: terms.recurringId },
    { type: 'SetRecurringExpense', data: { ...terms, by: caller, now } },
    caller,
    now,
  );
};

/** An admin stops a recurring expense. */
export const stopRecurringExpense = (
  context: CommandContext,
  { recurringId, caller, now }: { recurringId: string; caller: Caller; now: Date },
) =>
  decideOn(
    context,
    { recurringId },
    { type: 'StopRecurringExpense', data: { recurringId, by: caller, now } },
    caller,
    now,
  );

const periodNamespace = Buffer.from('8d2c4b1a6e7f40c3b95a0d1e2f3a4b5c', 'hex');

/** The id of a recurring expense's expense for one period: the same for every scheduler. */
export const periodExpenseId = (recurringId: string, date: string) =>
  nameBasedUuid(periodNamespace, `${recurringId}/${date}`);

/**
 * The scheduler issues a recurring expense for one period (`date`, the plan's day of that month).
 * Its id is derived from the plan and the period, so two schedulers race on one stream and the
 * loser is refused (expense-already-recorded).
 */
export const issueRecurringExpense = (
  context: CommandContext,
  input: { recurringId: string; date: string; now: Date },
) => {
  const expenseId = periodExpenseId(input.recurringId, input.date);
  return decideOn(
    context,
    { expenseId, recurringId: input.recurringId },
    { type: 'IssueRecurringExpense', data: { ...input, expenseId } },
    'system',
    input.now,
  );
};
