import { streams } from '@building/events/streams';
import { commandMeta, type Caller } from '../command-handling/caller.ts';
import type { CommandContext } from '../command-handling/command-context.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { loadAggregate } from '../command-handling/load-aggregate.ts';
import { couponAggregate } from './coupon.ts';
import { couponIdFor } from './coupon-id.ts';
import { decideCoupon, type CouponCommand } from './decide.ts';

const decideOn = (context: CommandContext, couponId: string, command: CouponCommand, by: Caller, now: Date) =>
  handleCommand(
    context,
    {
      command: command.type,
      load: async () => ({ coupon: await loadAggregate(context, streams.coupon(couponId), couponAggregate) }),
      decide: ({ coupon }) => decideCoupon(command, coupon.state),
    },
    commandMeta(context, by, now),
  );

/** A coupon's id is its code's (see couponIdFor): two admins adding one code race on one stream. */
export async function addCoupon(
  context: CommandContext,
  input: { code: string; discount: number; description: string; caller: Caller; now: Date },
) {
  const { caller, now, ...coupon } = input;
  const couponId = couponIdFor(coupon.code);
  const result = await decideOn(
    context,
    couponId,
    { type: 'AddCoupon', data: { couponId, ...coupon, by: caller } },
    caller,
    now,
  );
  return { ...result, couponId };
}

export const disableCoupon = (
  context: CommandContext,
  { couponId, caller, now }: { couponId: string; caller: Caller; now: Date },
) => decideOn(context, couponId, { type: 'DisableCoupon', data: { couponId, by: caller } }, caller, now);

export const enableCoupon = (
  context: CommandContext,
  { couponId, caller, now }: { couponId: string; caller: Caller; now: Date },
) => decideOn(context, couponId, { type: 'EnableCoupon', data: { couponId, by: caller } }, caller, now);
