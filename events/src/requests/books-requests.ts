import { z } from 'zod';
import { accountNamePattern } from '../books/chart-of-accounts.ts';
import { languages } from '../catalogue.ts';
import { calendarDateField } from './expense-requests.ts';

/** The longest window the journal answers at once: a year (a leap one included). */
export const maxJournalDays = 366;

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/**
 * `GET /journal?from=&to=&account=`: Dhaka days, inclusive (absent: from the first of `to`'s
 * month, to today), at most a year apart; `account` as the chart of accounts names it.
 */
export const journalQuery = z
  .object({
    from: calendarDateField.optional(),
    to: calendarDateField.optional(),
    account: z
      .string()
      .trim()
      .toLowerCase()
      .regex(accountNamePattern, 'expected an account, e.g. cash, income:rent, receivable:<email>')
      .optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'before from' })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) <= maxJournalDays, {
    path: ['to'],
    message: `at most ${maxJournalDays} days after from`,
  });
export type JournalQuery = z.infer<typeof journalQuery>;

const integerText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, 'expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** `GET /statements/yearly?year=`. */
export const yearlyStatementQuery = z.object({ year: integerText(2000, 2100) });

/** `GET /statements/monthly?year=&month=&format=` (and `.pdf`, `lang`): a month 1..12 of a year. */
export const monthlyStatementQuery = yearlyStatementQuery.extend({
  month: integerText(1, 12),
  format: z.enum(['json', 'csv']).default('json'),
  lang: z.enum(languages).default('en'),
});
export type MonthlyStatementQuery = z.infer<typeof monthlyStatementQuery>;
