import Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '@building/events/parse-input';
import { addCoupon, disableCoupon, enableCoupon } from '@building/domain/coupon/commands';
import { currentCaller } from '../http/current-caller.ts';
import { discountField, idField, textField } from '../http/fields.ts';
import type { AppDeps } from '../command-deps.ts';

/** A client's `status` is ignored: a new coupon is always available. */
const addBody = z.object({
  code: textField(1, 40).regex(/^\S+$/, 'a code has no spaces'),
  discount: discountField,
  description: textField(0, 1000).default(''),
});
const idPath = z.object({ id: idField });

export function couponRoutes(deps: AppDeps): Router {
  const router = new Router();

  router.post('/addCoupon', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const coupon = parseInput(addBody, ctx.request.body);
    const result = await addCoupon(deps.commands, { ...coupon, caller, now: deps.clock() });
    ctx.body = { insertedId: result.couponId, position: result.position };
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
