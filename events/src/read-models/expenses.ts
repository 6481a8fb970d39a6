import { z } from 'zod';
import { expenseCategories, offlineMethods } from '../catalogue.ts';
import { defineReadModel } from './read-model.ts';

const taka = z.number();

const expense = z.object({
  _id: z.string(),
  date: z.string(),
  category: z.enum(expenseCategories),
  vendor: z.string(),
  amount: taka,
  description: z.string(),
  receipt: z.string().nullable(),
  paidFrom: z.enum(offlineMethods),
  /** The recurring expense that issued it, or null for one entered by hand. */
  recurringId: z.string().nullable(),
  recordedBy: z.string(),
  recordedAt: z.string(),
  /** Set once it was reversed: why, by whom, when. */
  reversal: z.object({ reason: z.string(), reversedBy: z.string(), reversedAt: z.string() }).nullable(),
});
export type Expense = z.infer<typeof expense>;

/**
 * GET /expenses?from=&to=&category= (admins): the building's expenses by date, each with its
 * reversal if it was undone; the total counts the ones still standing.
 */
export const expensesView = defineReadModel({
  view: 'expenses',
  version: 1,
  audience: 'admin',
  tables: ['expenses', 'recurring'],
  events: ['ExpenseRecorded', 'ExpenseReversed', 'RecurringExpenseSet', 'RecurringExpenseStopped'],
  row: z.object({
    expense_id: z.string(),
    date: z.string(),
    category: z.enum(expenseCategories),
    vendor: z.string(),
    amount_poisha: z.coerce.number().int(),
    description: z.string(),
    receipt: z.string().nullable(),
    paid_from: z.enum(offlineMethods),
    recurring_id: z.string().nullable(),
    recorded_by: z.string(),
    recorded_at: z.date(),
    reversal_reason: z.string().nullable(),
    reversed_by: z.string().nullable(),
    reversed_at: z.date().nullable(),
  }),
  response: expense,
  toResponse: (r) => ({
    _id: r.expense_id,
    date: r.date,
    category: r.category,
    vendor: r.vendor,
    amount: r.amount_poisha / 100,
    description: r.description,
    receipt: r.receipt,
    paidFrom: r.paid_from,
    recurringId: r.recurring_id,
    recordedBy: r.recorded_by,
    recordedAt: r.recorded_at.toISOString(),
    reversal:
      r.reversal_reason !== null && r.reversed_by !== null && r.reversed_at !== null
        ? { reason: r.reversal_reason, reversedBy: r.reversed_by, reversedAt: r.reversed_at.toISOString() }
        : null,
  }),
});

export const expensesResponse = z.object({
  expenses: z.array(expense),
  /** Taka of the expenses listed that stand (not reversed). */
  total: taka,
});
export type ExpensesResponse = z.infer<typeof expensesResponse>;

/** A recurring expense as GET /expenses/recurring answers it. */
export const recurringExpenseRow = z.object({
  recurring_id: z.string(),
  category: z.enum(expenseCategories),
  vendor: z.string(),
  amount_poisha: z.coerce.number().int(),
  description: z.string(),
  paid_from: z.enum(offlineMethods),
  day_of_month: z.number().int(),
  active: z.boolean(),
  set_at: z.date(),
});
export const recurringExpensesResponse = z.array(
  z.object({
    _id: z.string(),
    category: z.enum(expenseCategories),
    vendor: z.string(),
    amount: taka,
    description: z.string(),
    paidFrom: z.enum(offlineMethods),
    dayOfMonth: z.number().int(),
    active: z.boolean(),
    setAt: z.string(),
  }),
);
export const toRecurringExpense = (r: z.infer<typeof recurringExpenseRow>) => ({
  _id: r.recurring_id,
  category: r.category,
  vendor: r.vendor,
  amount: r.amount_poisha / 100,
  description: r.description,
  paidFrom: r.paid_from,
  dayOfMonth: r.day_of_month,
  active: r.active,
  setAt: r.set_at.toISOString(),
});
