import Router from '@koa/router';
import { parseInput } from '@building/events/parse-input';
import {
  expensesResponse,
  expensesView,
  recurringExpenseRow,
  recurringExpensesResponse,
  toRecurringExpense,
} from '@building/events/read-models/expenses';
import { tableNames } from '@building/events/read-models/read-model';
import { expensesQuery } from '@building/events/requests/expense-requests';
import { adminOnly } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';
import { toResponses } from '../read-models/to-responses.ts';

const tables = tableNames(expensesView);

/**
 * GET /expenses?from=&to=&category= (admins): the expenses dated in the window (inclusive), oldest
 * first, reversed ones included and marked, with the total of those standing.
 * GET /expenses/recurring (admins): the recurring expenses, running and stopped.
 */
export function expenseRoutes(deps: QueryDeps): Router {
  return new Router()
    .get('/expenses', adminOnly(deps), async (ctx) => {
      const query = parseInput(expensesQuery, ctx.query, 'query');
      ctx.body = await readView(ctx, deps, ['expenses'], query, async () => {
        const rows = deps.db(tables.expenses).orderBy([{ column: 'date' }, { column: 'recorded_at' }]);
        if (query.from) rows.where('date', '>=', query.from);
        if (query.to) rows.where('date', '<=', query.to);
        if (query.category) rows.where({ category: query.category });
        const expenses = toResponses(expensesView, await rows);
        const standing = expenses.filter((e) => e.reversal === null);
        const totalPoisha = standing.reduce((sum, e) => sum + Math.round(e.amount * 100), 0);
        return expensesResponse.parse({ expenses, total: totalPoisha / 100 });
      });
    })
    .get('/expenses/recurring', adminOnly(deps), async (ctx) => {
      ctx.body = await readView(ctx, deps, ['expenses'], {}, async () => {
        const rows = await deps.db(tables.recurring).orderBy('set_at');
        return recurringExpensesResponse.parse(
          rows.map((r) => toRecurringExpense(recurringExpenseRow.parse(r))),
        );
      });
    });
}
