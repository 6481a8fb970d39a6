import Router from '@koa/router';
import type { Knex } from 'knex';
import { tableNamesOf } from '@building/projector/projection';
import { coupons } from '@building/projector/projections/coupons';
import { requireCaller } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';

const table = tableNamesOf(coupons).coupons;

async function couponList(db: Knex, availableOnly: boolean) {
  const query = db(table).orderBy('added_position');
  if (availableOnly) query.where({ status: 'available' });
  const rows = await query;
  return rows.map((r) => ({
    _id: r.coupon_id,
    code: r.code,
    discount: r.discount,
    description: r.description,
    status: r.status,
  }));
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
