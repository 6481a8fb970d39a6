import Router from '@koa/router';
import { parseInput } from '@building/events/parse-input';
import { accountView, monthChargesResponse } from '@building/events/read-models/account';
import { memberApartmentsView } from '@building/events/read-models/member-apartments';
import { tableNames } from '@building/events/read-models/read-model';
import { monthChargesQuery } from '@building/events/requests/account-requests';
import { adminOnly } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';

const lines = tableNames(accountView).lines;
const leases = tableNames(memberApartmentsView).leases;

/**
 * GET /charges?month=&year= (admins; the Charges page): every charge of the month in the order
 * added, with its apartment and who owes it, a cancelled one marked.
 */
export function chargeRoutes(deps: QueryDeps): Router {
  return new Router().get('/charges', adminOnly(deps), async (ctx) => {
    const month = parseInput(monthChargesQuery, ctx.query, 'query');
    ctx.body = await readView(ctx, deps, ['account', 'member-apartments'], month, async () => {
      const found = (
        await deps
          .db(lines)
          .where(month)
          .whereIn('kind', ['charge', 'charge-cancelled'])
          .orderBy('occurred_at')
      ).map((r) => accountView.row.parse(r));
      const cancelled = new Set(found.filter((l) => l.kind === 'charge-cancelled').map((l) => l.ref_id));
      const charges = found.filter((l) => l.kind === 'charge');
      const names = new Map(
        (
          await deps
            .db(leases)
            .whereIn('si', [...new Set(charges.map((c) => c.si))])
            .select<Array<{ si: number; apartment: string }>>('si', 'apartment')
        ).map((l) => [l.si, l.apartment]),
      );
      return monthChargesResponse.parse(
        charges.map((c) => ({
          chargeId: c.ref_id,
          si: c.si,
          apartment: names.get(c.si) ?? String(c.si),
          email: c.email,
          description: c.description,
          amount: c.debit_poisha / 100,
          date: c.occurred_at.toISOString(),
          cancelled: cancelled.has(c.ref_id),
        })),
      );
    });
  });
}
