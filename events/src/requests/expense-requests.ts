import { z } from 'zod';
import { expenseCategories, offlineMethods } from '../catalogue.ts';
import { takaField } from './account-requests.ts';

/**
 * The request bodies and queries of the building's expenses. Amounts arrive in taka (more than 0,
 * at most two decimals) and leave as integer poisha; the receipt link is checked by the service
 * (one of the caller's own uploads).
 */

const text = (min: number, max: number) => z.string().trim().min(min).max(max);

/** A calendar date that exists (2026-02-30 does not), YYYY-MM-DD. */
export const calendarDateField = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date, YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'no such date');

export const expenseCategoryField = z.enum(expenseCategories);
/** What the money came out of; cash unless said. */
const paidFromField = z.enum(offlineMethods).default('cash');

/** `POST /expenses` (the receipt's link is parsed by the service against its own uploads). */
export const expenseRequest = z.object({
  date: calendarDateField,
  category: expenseCategoryField,
  vendor: text(1, 200),
  amount: takaField,
  description: text(0, 1000).default(''),
  paidFrom: paidFromField,
});

/** `POST /expenses/:id/reverse`. */
export const reverseExpenseRequest = z.object({ reason: text(1, 500) });

/** `POST /expenses/recurring`: an expense issued on a day of every month (1..28). */
export const recurringExpenseRequest = z.object({
  category: expenseCategoryField,
  vendor: text(1, 200),
  amount: takaField,
  description: text(0, 1000).default(''),
  paidFrom: paidFromField,
  dayOfMonth: z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,2}$/, 'expected a day of the month')
        .transform(Number),
    ])
    .pipe(z.number().int().min(1).max(28)),
});

/** `GET /expenses?from=&to=&category=`: dates inclusive, either end open. */
export const expensesQuery = z
  .object({
    from: calendarDateField.optional(),
    to: calendarDateField.optional(),
    category: expenseCategoryField.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'before from' });
