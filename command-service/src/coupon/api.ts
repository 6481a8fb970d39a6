import Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '@building/events/parse-input';
import { addCoupon, disableCoupon, editCoupon, enableCoupon } from '@building/domain/coupon/commands';
import { currentCaller } from '../http/current-caller.ts';
import { dateField, discountField, idField, textField } from '../http/fields.ts';
import type { AppDeps } from '../command-deps.ts';

/**
 * A coupon's terms: `expiresOn` its last day (Dhaka, YYYY-MM-DD), `usageLimit` the most completed
 * payments it applies to; absent or null, neither.
 */
const termsBody = z.object({
  discount: discountField,
  description: textField(0, 1000).default(''),
  expiresOn: dateField.nullable().default(null),
  usageLimit: z.number().int().min(1).max(1_000_000).nullable().default(null),
});
/** A client's `status` is ignored: a new coupon is always available. */
const addBody = termsBody.extend({ code: textField(1, 40).regex(/^\S+$/, 'a code has no spaces') });
const idPath = z.object({ id: idField });

export function couponRoutes(deps: AppDeps): Router {
  const router = new Router();

  router.post('/addCoupon', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const coupon = parseInput(addBody, ctx.request.body);
    const result = await addCoupon(deps.commands, { ...coupon, caller, now: deps.clock() });
    ctx.body = { insertedId: result.couponId, position: result.position };
  });

  // The coupon's terms as they should stand (its code stays: it is the coupon's id).
  router.put('/coupons/:id', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { id } = parseInput(idPath, ctx.params, 'path');
    const terms = parseInput(termsBody, ctx.request.body);
    const result = await editCoupon(deps.commands, { couponId: id, ...terms, caller, now: deps.clock() });
    ctx.body = { modifiedCount: result.events.length > 0 ? 1 : 0, position: result.position };
  });

  const toggle = (path: string, handler: typeof disableCoupon) =>
    router.patch(path, async (ctx) => {
      const caller = await currentCaller(ctx, deps);
      const { id } = parseInput(idPath, ctx.params, 'path');
      const result = await handler(deps.commands, { couponId: id, caller, now: deps.clock() });
      ctx.body = { modifiedCount: result.events.length > 0 ? 1 : 0, position: result.position };
    });
  toggle('/couponUnavailable/:id', disableCoupon);
  toggle('/couponAvailable/:id', enableCoupon);

  return router;
}
