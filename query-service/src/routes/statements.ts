import Router from '@koa/router';
import type { Context } from 'koa';
import { monthsEndingWith, sumOfStatements } from '@building/domain/books/statements';
import {
  monthlyStatementResponse,
  yearlyStatementResponse,
  type MonthlyStatementResponse,
} from '@building/events/books/statement';
import { parseInput } from '@building/events/parse-input';
import { monthlyStatementQuery, yearlyStatementQuery } from '@building/events/requests/books-requests';
import { statementCsv } from '@building/infra/statements/statement-csv';
import { renderStatement } from '@building/infra/statements/statement-pdf';
import { adminOnly } from '../auth/caller.ts';
import { statementsFor } from '../books/statement-reads.ts';
import { readView, type QueryDeps } from '../query-deps.ts';

const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** The month's statement and the 12 months ending with it, through the cache (JSON). */
async function monthlyStatement(ctx: Context, deps: QueryDeps, year: number, month: number) {
  const months = monthsEndingWith(monthKey(year, month), 12);
  const body = await readView(ctx, deps, ['journal'], { year, month }, async () => {
    const statements = await statementsFor(deps.db, months);
    return monthlyStatementResponse.parse({
      ...statements.at(-1)!,
      trend: statements.map((s) => ({
        month: s.month,
        income: s.income.total,
        expenses: s.expenses.total,
        net: s.net,
        collectionRate: s.collectionRate,
      })),
    });
  });
  return { body, statement: JSON.parse(body.toString('utf8')) as MonthlyStatementResponse };
}

/** A download of the statement: its own type and name, no ETag (the JSON's would name other bytes). */
function download(ctx: Context, type: string, name: string, body: string | Buffer) {
  ctx.remove('ETag');
  ctx.type = type;
  ctx.set('Content-Disposition', `attachment; filename="${name}"`);
  ctx.body = body;
}

/**
 * GET /statements/monthly?year=&month=[&format=csv&lang=] (admins): the month's statement from the
 * journal view, with the 12 months ending with it; as CSV with `format=csv`.
 * GET /statements/monthly.pdf?year=&month=[&lang=] (admins): the same on one page.
 * GET /statements/yearly?year= (admins): the year's months and their sum.
 */
export function statementRoutes(deps: QueryDeps): Router {
  return new Router()
    .get('/statements/monthly', adminOnly(deps), async (ctx) => {
      const { year, month, format, lang } = parseInput(monthlyStatementQuery, ctx.query, 'query');
      const { body, statement } = await monthlyStatement(ctx, deps, year, month);
      if (format === 'csv')
        download(
          ctx,
          'text/csv; charset=utf-8',
          `statement-${statement.month}.csv`,
          statementCsv(statement, lang),
        );
      else ctx.body = body;
    })
    .get('/statements/monthly.pdf', adminOnly(deps), async (ctx) => {
      const { year, month, lang } = parseInput(monthlyStatementQuery, ctx.query, 'query');
      const { statement } = await monthlyStatement(ctx, deps, year, month);
      download(
        ctx,
        'application/pdf',
        `statement-${statement.month}.pdf`,
        await renderStatement(statement, lang),
      );
    })
    .get('/statements/yearly', adminOnly(deps), async (ctx) => {
      const { year } = parseInput(yearlyStatementQuery, ctx.query, 'query');
      ctx.body = await readView(ctx, deps, ['journal'], { year }, async () => {
        const months = await statementsFor(deps.db, monthsEndingWith(monthKey(year, 12), 12));
        return yearlyStatementResponse.parse({ year, months, total: sumOfStatements(months) });
      });
    });
}
