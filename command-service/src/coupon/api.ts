import Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '@building/events/parse-input';
import { streams } from '@building/events/streams';
import { loadAggregate } from '../command-handling/aggregate.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { commandMeta, currentCaller } from '../http/current-caller.ts';
import { discountField, idField, textField } from '../http/fields.ts';
import type { AppDeps } from '../command-deps.ts';
import { couponAggregate } from './coupon.ts';
import { couponIdFor } from './coupon-id.ts';
import { decideCoupon, type CouponCommand } from './decide.ts';

/** A client's `status` is ignored: a new coupon is always available. */
const addBody = z.object({
  code: textField(1, 40).regex(/^\S+$/, 'a code has no spaces'),
  discount: discountField,
  description: textField(0, 1000).default(''),
});
const idPath = z.object({ id: idField });

export function couponRoutes(deps: AppDeps): Router {
  const router = new Router();

  const decideOn = async (couponId: string, command: CouponCommand, meta: ReturnType<typeof commandMeta>) =>
    handleCommand(
      deps.store,
      {
        load: async () => ({
          coupon: await loadAggregate(deps.store, streams.coupon(couponId), couponAggregate),
        }),
        decide: ({ coupon }) => decideCoupon(command, coupon.state),
      },
      meta,
    );

  router.post('/addCoupon', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const coupon = parseInput(addBody, ctx.request.body);
    const couponId = couponIdFor(coupon.code);
    const result = await decideOn(
      couponId,
      { type: 'AddCoupon', data: { couponId, ...coupon, by: caller } },
      commandMeta(deps, caller),
    );
    ctx.body = { insertedId: couponId, position: result.position };
  });

  const toggle = (path: string, type: 'DisableCoupon' | 'EnableCoupon') =>
    router.patch(path, async (ctx) => {
      const caller = await currentCaller(ctx, deps);
      const { id } = parseInput(idPath, ctx.params, 'path');
      const result = await decideOn(
        id,
        { type, data: { couponId: id, by: caller } },
        commandMeta(deps, caller),
      );
      ctx.body = { modifiedCount: result.events.length > 0 ? 1 : 0, position: result.position };
    });
  toggle('/couponUnavailable/:id', 'DisableCoupon');
  toggle('/couponAvailable/:id', 'EnableCoupon');

  return router;
}
