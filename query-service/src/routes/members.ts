import Router from '@koa/router';
import { memberApartmentsView } from '@building/events/read-models/member-apartments';
import { membersView } from '@building/events/read-models/members';
import { tableNames } from '@building/events/read-models/read-model';
import { adminOnly, ownerOrAdmin } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';
import { toResponses } from '../read-models/to-responses.ts';

const accounts = tableNames(membersView).accounts;
const leases = tableNames(memberApartmentsView).leases;

/**
 * GET /members (admin, manageMember): `[{ _id, name, email }]`.
 * GET /memberData/:email (owner or admin, memberProfile): the member's active leases.
 */
export function memberRoutes(deps: QueryDeps): Router {
  return new Router()
    .get('/members', adminOnly(deps), async (ctx) => {
      ctx.body = await readView(ctx, deps, ['members'], {}, async () =>
        toResponses(
          membersView,
          await deps.db(accounts).where({ member: true, admin: false }).orderBy('email'),
        ),
      );
    })
    .get('/memberData/:email', ownerOrAdmin(deps), async (ctx) => {
      const email = ctx.state.email as string;
      ctx.body = await readView(ctx, deps, ['member-apartments'], { email }, async () =>
        toResponses(
          memberApartmentsView,
          await deps.db(leases).where({ email }).whereNull('ended_at').orderBy(['accept_date', 'si']),
        ),
      );
    });
}
