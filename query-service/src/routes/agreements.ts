import Router from '@koa/router';
import { agreementRequestsView } from '@building/events/read-models/agreement-requests';
import { tableNames } from '@building/events/read-models/read-model';
import { adminOnly, ownerOrAdmin } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';
import { toResponses } from '../read-models/to-responses.ts';

const table = tableNames(agreementRequestsView).requests;

/**
 * GET /agreement (admin, agreementRequest): the pending requests, oldest first.
 * GET /myAgreements/:email (owner or admin, userProfile): the user's requests and their status.
 */
export function agreementRoutes(deps: QueryDeps): Router {
  return new Router()
    .get('/agreement', adminOnly(deps), async (ctx) => {
      ctx.body = await readView(ctx, deps, ['agreement-requests'], {}, async () =>
        toResponses(
          agreementRequestsView,
          await deps.db(table).where({ status: 'pending' }).orderBy(['requested_at', 'request_id']),
        ),
      );
    })
    .get('/myAgreements/:email', ownerOrAdmin(deps), async (ctx) => {
      const email = ctx.state.email as string;
      ctx.body = await readView(ctx, deps, ['agreement-requests'], { email }, async () =>
        toResponses(
          agreementRequestsView,
          await deps
            .db(table)
            .where({ user_email: email })
            .orderBy([
              { column: 'requested_at', order: 'desc' },
              { column: 'request_id', order: 'asc' },
            ]),
        ),
      );
    });
}
