import Router from '@koa/router';
import { ownerOrAdmin, roleFromView } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';

/**
 * GET /user/admin/:email -> { admin }, /user/member/:email -> { member }, /user/users/:email ->
 * { user } (owner or admin): whether that account's role, from the users view, is the one asked.
 */
export function userRoleRoutes(deps: QueryDeps): Router {
  const router = new Router();
  for (const [path, role, field] of [
    ['admin', 'admin', 'admin'],
    ['member', 'member', 'member'],
    ['users', 'user', 'user'],
  ] as const) {
    router.get(`/user/${path}/:email`, ownerOrAdmin(deps), async (ctx) => {
      const email = ctx.state.email as string;
      ctx.body = await readView(ctx, deps, ['users'], { email }, async () => ({
        [field]: (await roleFromView(deps.db, email)) === role,
      }));
    });
  }
  return router;
}
