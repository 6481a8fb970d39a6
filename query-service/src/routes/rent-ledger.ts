import Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '@building/events/parse-input';
import { tableNames } from '@building/events/read-models/read-model';
import {
  monthRentResponse,
  overdueRentResponse,
  rentLedgerResponse,
  rentLedgerView,
  monthMoneyRow,
  settledMonthRow,
  settledMonths as toSettledMonths,
} from '@building/events/read-models/rent-ledger';
import { buildingDay, startOfBuildingDay } from '@building/events/rent-ledger/building-calendar';
import { monthRent, overdueRent, personalLedger } from '@building/events/rent-ledger/ledger-answers';
import type { Knex } from 'knex';
import { safeText } from '@building/infra/http/safe-text';
import { adminOnly, ownerOrAdmin } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';
import { toResponses } from '../read-models/to-responses.ts';

const tables = tableNames(rentLedgerView);

/**
 * `at`: a moment (ISO 8601 with its offset) or a Dhaka calendar day (YYYY-MM-DD: as the day ended).
 * Absent: now. Years 2000-2100, as payments carry.
 */
const atQuery = z.object({
  at: safeText
    .trim()
    .pipe(
      z.union([
        z.iso.datetime({ offset: true }).transform((at) => new Date(at)),
        z.iso.date().transform((day) => {
          const [year, month, date] = day.split('-').map(Number) as [number, number, number];
          return new Date(startOfBuildingDay(year, month - 1, date + 1).getTime() - 1);
        }),
      ]),
    )
    .refine(
      (at) => at.getUTCFullYear() >= 2000 && at.getUTCFullYear() <= 2100,
      'a moment between 2000 and 2100',
    )
    .optional(),
});

/** The moment asked about, and the cache key of the answer: now answers the same all day long. */
export function asOf(query: unknown): { at: Date; key: string } {
  const asked = parseInput(atQuery, query, 'query').at;
  if (asked) return { at: asked, key: asked.toISOString() };
  const now = new Date();
  const { year, index, day } = buildingDay(now);
  return { at: now, key: `today ${year}-${index + 1}-${day}` };
}

export async function settledMonths(db: Knex, si?: readonly number[]) {
  const months = db(tables.months).select(Object.keys(settledMonthRow.shape));
  const money = db(tables.money).select(Object.keys(monthMoneyRow.shape)).orderBy(['at', 'money_id']);
  if (si) {
    months.whereIn('si', si);
    money.whereIn('si', si);
  }
  const [monthRows, moneyRows] = await Promise.all([months, money]);
  return toSettledMonths(
    monthRows.map((row) => settledMonthRow.parse(row)),
    moneyRows.map((row) => monthMoneyRow.parse(row)),
  );
}

/**
 * GET /rent-ledger/:email[?at=] (owner or admin; a former member still reads their own): each lease
 * month by month from its start, paid (with its transaction, for the receipt), due or overdue,
 * and the balance. GET /overdue-rent[?at=] (admin): who owes overdue rent, which months, how much.
 * GET /rent-month[?at=] (admin): the building's month's rent owed, collected and overdue.
 * Both are computed from the ledger's facts at the moment asked, so a past date answers as it was.
 */
export function rentLedgerRoutes(deps: QueryDeps): Router {
  return new Router()
    .get('/rent-ledger/:email', ownerOrAdmin(deps), async (ctx) => {
      const email = ctx.state.email as string;
      const { at, key } = asOf(ctx.query);
      ctx.body = await readView(ctx, deps, ['rent-ledger'], { email, at: key }, async () => {
        const leases = toResponses(rentLedgerView, await deps.db(tables.leases).where({ email }));
        const settled = await settledMonths(deps.db, [...new Set(leases.map((l) => l.si))]);
        return rentLedgerResponse.parse(personalLedger(email, leases, settled, at));
      });
    })
    .get('/overdue-rent', adminOnly(deps), async (ctx) => {
      const { at, key } = asOf(ctx.query);
      ctx.body = await readView(ctx, deps, ['rent-ledger'], { at: key }, async () => {
        const leases = toResponses(rentLedgerView, await deps.db(tables.leases));
        return overdueRentResponse.parse(overdueRent(leases, await settledMonths(deps.db), at));
      });
    })
    .get('/rent-month', adminOnly(deps), async (ctx) => {
      const { at, key } = asOf(ctx.query);
      ctx.body = await readView(ctx, deps, ['rent-ledger'], { at: key }, async () => {
        const leases = toResponses(rentLedgerView, await deps.db(tables.leases));
        return monthRentResponse.parse(monthRent(leases, await settledMonths(deps.db), at));
      });
    });
}
