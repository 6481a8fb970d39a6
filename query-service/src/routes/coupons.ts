import Router from '@koa/router';
import type { Knex } from 'knex';
import { couponsView } from '@building/events/read-models/coupons';
import { tableNames } from '@building/events/read-models/read-model';
import { requireCaller } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';
import { toResponses } from '../read-models/to-responses.ts';

const table = tableNames(couponsView).coupons;

async function couponList(db: Knex, availableOnly: boolean) {
  const query = db(table).orderBy('added_position');
  if (availableOnly) query.where({ status: 'available' });
  return toResponses(couponsView, await query);
}

/**
 * GET /couponAvailable (public, home page): available coupons only.
 * GET /coupons (signed in, payment page): available ones; admins (manageCoupon) see all.
 */
export function couponRoutes(deps: QueryDeps): Router {
  return new Router()
    .get('/couponAvailable', async (ctx) => {
      ctx.body = await readView(ctx, deps, ['coupons'], {}, () => couponList(deps.db, true));
    })
    .get('/coupons', async (ctx) => {
      const caller = await requireCaller(ctx, deps);
      ctx.body = await readView(ctx, deps, ['coupons'], {}, () =>
        couponList(deps.db, caller.role !== 'admin'),
      );
    });
}
