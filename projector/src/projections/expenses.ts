import { expensesView } from '@building/events/read-models/expenses';
import { defineProjection } from '../projection.ts';
import { column } from '../table-spec.ts';

/** The building's expenses, one row each (a reversal marks its row), and the recurring plans. */
export const expenses = defineProjection(expensesView, {
  tables: {
    expenses: {
      key: 'expense_id',
      columns: {
        expense_id: column.uuid(),
        date: column.text(),
        category: column.text(),
        vendor: column.text(),
        amount_poisha: column.bigint(),
        description: column.text(),
        receipt: column.text({ nullable: true }),
        paid_from: column.text(),
        recurring_id: column.uuid({ nullable: true }),
        recorded_by: column.text(),
        recorded_at: column.timestamptz(),
        reversal_reason: column.text({ nullable: true }),
        reversed_by: column.text({ nullable: true }),
        reversed_at: column.timestamptz({ nullable: true }),
      },
      indexes: [['date'], ['category', 'date']],
    },
    recurring: {
      key: 'recurring_id',
      columns: {
        recurring_id: column.uuid(),
        category: column.text(),
        vendor: column.text(),
        amount_poisha: column.bigint(),
        description: column.text(),
        paid_from: column.text(),
        day_of_month: column.integer(),
        active: column.boolean({ default: true }),
        set_at: column.timestamptz(),
      },
    },
  },
  on: {
    ExpenseRecorded: ({ data: d }) => [
      {
        table: 'expenses',
        insert: {
          expense_id: d.expenseId,
          date: d.date,
          category: d.category,
          vendor: d.vendor,
          amount_poisha: d.amountPoisha,
          description: d.description,
          receipt: d.receipt,
          paid_from: d.paidFrom,
          recurring_id: d.recurringId,
          recorded_by: d.recordedBy.toLowerCase(),
          recorded_at: d.recordedAt,
          reversal_reason: null,
          reversed_by: null,
          reversed_at: null,
        },
      },
    ],
    ExpenseReversed: ({ data: d }) => [
      {
        table: 'expenses',
        update: {
          reversal_reason: d.reason,
          reversed_by: d.reversedBy.toLowerCase(),
          reversed_at: d.reversedAt,
        },
        where: { expense_id: d.expenseId },
      },
    ],
    RecurringExpenseSet: ({ data: d }) => [
      {
        table: 'recurring',
        upsert: {
          recurring_id: d.recurringId,
          category: d.category,
          vendor: d.vendor,
          amount_poisha: d.amountPoisha,
          description: d.description,
          paid_from: d.paidFrom,
          day_of_month: d.dayOfMonth,
          active: true,
          set_at: d.setAt,
        },
      },
    ],
    RecurringExpenseStopped: ({ data: d }) => [
      { table: 'recurring', update: { active: false }, where: { recurring_id: d.recurringId } },
    ],
  },
});
