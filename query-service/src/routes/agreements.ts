import Router from '@koa/router';
import { tableNamesOf } from '@building/projector/projection';
import { agreementRequests } from '@building/projector/projections/agreement-requests';
import { adminOnly, ownerOrAdmin } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';

const table = tableNamesOf(agreementRequests).requests;

const toRequest = (r: Record<string, unknown>) => ({
  _id: r.request_id as string,
  si: r.si as number,
  user_name: r.user_name as string,
  user_email: r.user_email as string,
  floor: r.floor as number,
  block: r.block as string,
  apartment: r.apartment as string,
  rent: r.rent as number,
  room: r.room as string,
  status: r.status as 'pending' | 'accepted' | 'rejected',
  timestamp: (r.requested_at as Date).getTime(),
});

/**
 * GET /agreement (admin, agreementRequest): the pending requests, oldest first.
 * GET /myAgreements/:email (owner or admin, userProfile): the user's requests and their status.
 */
export function agreementRoutes(deps: QueryDeps): Router {
  return new Router()
    .get('/agreement', adminOnly(deps), async (ctx) => {
      ctx.body = await readView(ctx, deps, ['agreement-requests'], {}, async () =>
        (await deps.db(table).where({ status: 'pending' }).orderBy(['requested_at', 'request_id'])).map(
          toRequest,
        ),
      );
    })
    .get('/myAgreements/:email', ownerOrAdmin(deps), async (ctx) => {
      const email = ctx.state.email as string;
      ctx.body = await readView(ctx, deps, ['agreement-requests'], { email }, async () =>
        (
          await deps
            .db(table)
            .where({ user_email: email })
            .orderBy([
              { column: 'requested_at', order: 'desc' },
              { column: 'request_id', order: 'asc' },
            ])
        ).map(toRequest),
      );
    });
}
