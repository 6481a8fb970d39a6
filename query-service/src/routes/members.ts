import Router from '@koa/router';
import { tableNamesOf } from '@building/projector/projection';
import { memberApartments } from '@building/projector/projections/member-apartments';
import { members } from '@building/projector/projections/members';
import { adminOnly, ownerOrAdmin } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';

const accounts = tableNamesOf(members).accounts;
const leases = tableNamesOf(memberApartments).leases;

/**
 * GET /members (admin, manageMember): `[{ _id, name, email }]`.
 * GET /memberData/:email (owner or admin, memberProfile): the member's active leases.
 */
export function memberRoutes(deps: QueryDeps): Router {
  return new Router()
    .get('/members', adminOnly(deps), async (ctx) => {
      ctx.body = await readView(ctx, deps, ['members'], {}, async () => {
        const rows = await deps.db(accounts).where({ member: true, admin: false }).orderBy('email');
        return rows.map((r) => ({ _id: `user-${r.email}`, name: r.name, email: r.email }));
      });
    })
    .get('/memberData/:email', ownerOrAdmin(deps), async (ctx) => {
      const email = ctx.state.email as string;
      ctx.body = await readView(ctx, deps, ['member-apartments'], { email }, async () => {
        const rows = await deps
          .db(leases)
          .where({ email })
          .whereNull('ended_at')
          .orderBy(['accept_date', 'si']);
        return rows.map((r) => ({
          _id: r.request_id,
          si: r.si,
          apartment: r.apartment,
          block: r.block,
          floor: r.floor,
          room: r.room,
          rent: r.rent,
          accept_date: (r.accept_date as Date).toISOString(),
        }));
      });
    });
}
