import Router from '@koa/router';
import { accountAt } from '@building/events/account/account-at';
import { accountResponse, accountView } from '@building/events/read-models/account';
import { tableNames } from '@building/events/read-models/read-model';
import { rentLedgerView } from '@building/events/read-models/rent-ledger';
import { ownerOrAdmin } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';
import { toResponses } from '../read-models/to-responses.ts';
import { asOf } from './rent-ledger.ts';

const lines = tableNames(accountView).lines;
const leases = tableNames(rentLedgerView).leases;

/**
 * GET /account/:email[?at=] (owner or admin; a former member still reads their own): every line of
 * the resident's account in date order with its running balance, what is owed, each month's totals,
 * as it stood at `at` (a moment, or a Dhaka day; default now).
 */
export function accountRoutes(deps: QueryDeps): Router {
  return new Router().get('/account/:email', ownerOrAdmin(deps), async (ctx) => {
    const email = ctx.state.email as string;
    const { at, key } = asOf(ctx.query);
    ctx.body = await readView(ctx, deps, ['account', 'rent-ledger'], { email, at: key }, async () => {
      const theirLeases = toResponses(rentLedgerView, await deps.db(leases).where({ email }));
      const stored = toResponses(accountView, await deps.db(lines).where({ email }).orderBy('occurred_at'));
      return accountResponse.parse(accountAt(email, theirLeases, stored, at));
    });
  });
}
