import Router from '@koa/router';
import type { Knex } from 'knex';
import { couponsView } from '@building/events/read-models/coupons';
import { tableNames } from '@building/events/read-models/read-model';
import { buildingDate } from '@building/events/rent-ledger/building-calendar';
import { requireCaller } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';
import { toResponses } from '../read-models/to-responses.ts';

const tables = tableNames(couponsView);

/** Coupons with their uses; `today` (a Dhaka date) given: only those that apply on it. */
async function couponList(db: Knex, today: string | null) {
  const uses = db(tables.redemptions)
    .whereRaw('?? = c.coupon_id', [`${tables.redemptions}.coupon_id`])
    .count('*');
  const query = db({ c: tables.coupons })
    .select('c.*', db.raw('(?) as uses', [uses]))
    .orderBy('c.added_position');
  if (today !== null)
    query
      .where('c.status', 'available')
      .where((q) => q.whereNull('c.expires_on').orWhere('c.expires_on', '>=', today))
      .where((q) => q.whereNull('c.usage_limit').orWhere('c.usage_limit', '>', uses));
  return toResponses(couponsView, await query);
}

/**
 * GET /couponAvailable (public, home page): the coupons that apply today (available, not past
 * their last day, not used up). GET /coupons (signed in, payment page): the same; admins
 * (manageCoupon) see all. Today (Dhaka) is part of the key: a coupon expires when a day ends.
 */
export function couponRoutes(deps: QueryDeps): Router {
  return new Router()
    .get('/couponAvailable', async (ctx) => {
      const today = buildingDate(new Date());
      ctx.body = await readView(ctx, deps, ['coupons'], { today }, () => couponList(deps.db, today));
    })
    .get('/coupons', async (ctx) => {
      const caller = await requireCaller(ctx, deps);
      const today = buildingDate(new Date());
      ctx.body = await readView(ctx, deps, ['coupons'], { today }, () =>
        couponList(deps.db, caller.role === 'admin' ? null : today),
      );
    });
}
