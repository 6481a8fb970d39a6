import { z } from 'zod';
import { expenseCategories } from '../catalogue.ts';
import { incomeAccounts } from './chart-of-accounts.ts';

/** The kinds of income a statement shows, as the chart of accounts names them (`income:<kind>`). */
type KindOf<A> = A extends `income:${infer K}` ? K : never;
export type IncomeKind = KindOf<(typeof incomeAccounts)[keyof typeof incomeAccounts]>;
export const incomeKinds = Object.values(incomeAccounts).map((a) => a.slice('income:'.length)) as [
  IncomeKind,
  ...IncomeKind[],
];

const taka = z.number();
const monthKey = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/**
 * A month of the building's books (Dhaka calendar), from the journal: income by kind (contra
 * income negative), expenses by category, net; what was billed to residents (rent, charges, late
 * fees, less discounts and cancellations) against what their payments brought in that month, the
 * collection rate (collected / billed, null when nothing was billed); and at the month's end what
 * residents owe (their receivables: rent, charges, deposits unpaid) and the deposits held. Taka.
 */
export const monthStatement = z.object({
  month: monthKey,
  income: z.object({ byKind: z.array(z.object({ kind: z.enum(incomeKinds), amount: taka })), total: taka }),
  expenses: z.object({
    byCategory: z.array(z.object({ category: z.enum(expenseCategories), amount: taka })),
    total: taka,
  }),
  net: taka,
  billed: taka,
  collected: taka,
  collectionRate: z.number().nullable(),
  receivables: taka,
  depositsHeld: taka,
});
export type MonthStatement = z.infer<typeof monthStatement>;

/** GET /statements/monthly?year=&month=: the month's statement, and the 12 months ending with it (for the chart). */
export const monthlyStatementResponse = monthStatement.extend({
  trend: z.array(
    monthStatement.pick({ month: true, net: true, collectionRate: true }).extend({
      income: taka,
      expenses: taka,
    }),
  ),
});
export type MonthlyStatementResponse = z.infer<typeof monthlyStatementResponse>;

/** GET /statements/yearly?year=: each month's statement and the year's sums (balances as at its end). */
export const yearlyStatementResponse = z.object({
  year: z.number().int(),
  months: z.array(monthStatement),
  total: monthStatement.omit({ month: true }),
});
export type YearlyStatementResponse = z.infer<typeof yearlyStatementResponse>;
