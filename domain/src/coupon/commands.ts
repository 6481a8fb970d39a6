import { streams } from '@building/events/streams';
import { commandMeta, type Caller } from '../command-handling/caller.ts';
import type { CommandContext } from '../command-handling/command-context.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { loadAggregate } from '../command-handling/load-aggregate.ts';
import { couponAggregate, type CouponLimits } from './coupon.ts';
import { couponIdFor } from './coupon-id.ts';
import { decideCoupon, type CouponCommand, type CouponTerms } from './decide.ts';

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

/** What an admin sends of a coupon's terms: absent limits mean none. */
type TermsInput = Omit<CouponTerms, keyof CouponLimits> &
  Partial<CouponLimits> & { caller: Caller; now: Date };

const withLimits = <T extends TermsInput>({ expiresOn = null, usageLimit = null, ...rest }: T) => ({
  ...rest,
  expiresOn,
  usageLimit,
});

/** A coupon's id is its code's (see couponIdFor): two admins adding one code race on one stream. */
export async function addCoupon(context: CommandContext, input: TermsInput & { code: string }) {
  const { caller, now, ...coupon } = withLimits(input);
  const couponId = couponIdFor(coupon.code);
  const result = await decideOn(
    context,
    couponId,
    { type: 'AddCoupon', data: { couponId, ...coupon, by: caller, now } },
    caller,
    now,
  );
  return { ...result, couponId };
}

/** Leaves a coupon with these terms (its code stays). */
export const editCoupon = (context: CommandContext, input: TermsInput & { couponId: string }) => {
  const { caller, now, ...terms } = withLimits(input);
  return decideOn(
    context,
    terms.couponId,
    { type: 'EditCoupon', data: { ...terms, by: caller, now } },
    caller,
    now,
  );
};

export const disableCoupon = (
  context: CommandContext,
  { couponId, caller, now }: { couponId: string; caller: Caller; now: Date },
) => decideOn(context, couponId, { type: 'DisableCoupon', data: { couponId, by: caller } }, caller, now);

export const enableCoupon = (
  context: CommandContext,
  { couponId, caller, now }: { couponId: string; caller: Caller; now: Date },
) => decideOn(context, couponId, { type: 'EnableCoupon', data: { couponId, by: caller } }, caller, now);
