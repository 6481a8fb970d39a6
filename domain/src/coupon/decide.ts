import type { DomainEvent } from '@building/events/catalogue';
import { refuse } from '@building/events/domain-error';
import { buildingDate } from '@building/events/rent-ledger/building-calendar';
import { requireAdmin, type Caller } from '../command-handling/caller.ts';
import type { CouponLimits, CouponState } from './coupon.ts';

/** What an admin sets of a coupon: its discount and description, its last day and its limit. */
export interface CouponTerms extends CouponLimits {
  discount: number;
  description: string;
}

export type CouponCommand =
  | {
      type: 'AddCoupon';
      data: CouponTerms & { couponId: string; code: string; by: Caller; now: Date };
    }
  /** The terms as the admin leaves them: only what changed is recorded (nothing when nothing did). */
  | { type: 'EditCoupon'; data: CouponTerms & { couponId: string; by: Caller; now: Date } }
  /** Toggling to the state a coupon already has records nothing (the route answers modifiedCount 0). */
  | { type: 'DisableCoupon'; data: { couponId: string; by: Caller } }
  | { type: 'EnableCoupon'; data: { couponId: string; by: Caller } };

export function decideCoupon(command: CouponCommand, state: CouponState): DomainEvent[] {
  switch (command.type) {
    case 'AddCoupon':
      return addCoupon(command.data, state);
    case 'EditCoupon':
      return editCoupon(command.data, state);
    case 'DisableCoupon':
      return disableCoupon(command.data, state);
    case 'EnableCoupon':
      return enableCoupon(command.data, state);
    default: {
      const unhandled: never = command;
      throw new Error(`unknown command ${JSON.stringify(unhandled)}`);
    }
  }
}

function addCoupon(
  { by, now, expiresOn, usageLimit, ...coupon }: Extract<CouponCommand, { type: 'AddCoupon' }>['data'],
  state: CouponState,
): DomainEvent[] {
  requireAdmin(by, 'add a coupon');
  if (state.status === 'added')
    throw refuse('coupon-code-taken', `the coupon code '${coupon.code}' is already used`);
  checkExpiry(expiresOn, now);
  const { couponId } = coupon;
  return [
    { type: 'CouponAdded', data: coupon },
    ...(expiresOn === null && usageLimit === null
      ? []
      : [{ type: 'CouponLimitsSet' as const, data: { couponId, expiresOn, usageLimit } }]),
  ];
}

function editCoupon(
  { by, now, couponId, ...terms }: Extract<CouponCommand, { type: 'EditCoupon' }>['data'],
  state: CouponState,
): DomainEvent[] {
  requireAdmin(by, 'edit a coupon');
  if (state.status !== 'added') throw noCoupon(couponId);
  // A past last day left as it was is not checked again: an expired coupon's words can be mended.
  if (terms.expiresOn !== state.expiresOn) checkExpiry(terms.expiresOn, now);
  if (terms.usageLimit !== null && terms.usageLimit < state.uses)
    throw refuse(
      'coupon-limit-below-uses',
      `the coupon '${state.code}' was already used ${state.uses} times, more than ${terms.usageLimit}`,
      { fields: [{ field: 'usageLimit', message: `below the ${state.uses} uses so far` }] },
    );
  const events: DomainEvent[] = [];
  if (terms.discount !== state.discount || terms.description !== state.description)
    events.push({
      type: 'CouponEdited',
      data: { couponId, discount: terms.discount, description: terms.description },
    });
  if (terms.expiresOn !== state.expiresOn || terms.usageLimit !== state.usageLimit)
    events.push({
      type: 'CouponLimitsSet',
      data: { couponId, expiresOn: terms.expiresOn, usageLimit: terms.usageLimit },
    });
  return events;
}

function disableCoupon(
  { couponId, by }: { couponId: string; by: Caller },
  state: CouponState,
): DomainEvent[] {
  requireAdmin(by, 'disable a coupon');
  if (state.status !== 'added') throw noCoupon(couponId);
  return state.available ? [{ type: 'CouponDisabled', data: { couponId } }] : [];
}

function enableCoupon({ couponId, by }: { couponId: string; by: Caller }, state: CouponState): DomainEvent[] {
  requireAdmin(by, 'enable a coupon');
  if (state.status !== 'added') throw noCoupon(couponId);
  return state.available ? [] : [{ type: 'CouponEnabled', data: { couponId } }];
}

/** A coupon cannot be set to end before today (Dhaka): nobody could ever use it. */
function checkExpiry(expiresOn: string | null, now: Date): void {
  if (expiresOn !== null && expiresOn < buildingDate(now))
    throw refuse('coupon-expiry-past', `a coupon cannot expire on ${expiresOn}, before today`, {
      fields: [{ field: 'expiresOn', message: 'before today' }],
    });
}

/**
 * Why a coupon that exists does not apply to a payment at `now`, if it does not: switched off,
 * past its last day (Dhaka), or used by as many completed payments as its limit.
 */
export function couponRefusal(coupon: Extract<CouponState, { status: 'added' }>, now: Date) {
  if (!coupon.available) return refuse('coupon-unavailable', `the coupon '${coupon.code}' is not available`);
  if (coupon.expiresOn !== null && coupon.expiresOn < buildingDate(now))
    return refuse('coupon-expired', `the coupon '${coupon.code}' expired after ${coupon.expiresOn}`);
  if (coupon.usageLimit !== null && coupon.uses >= coupon.usageLimit)
    return refuse('coupon-used-up', `the coupon '${coupon.code}' was used ${coupon.uses} times, its limit`);
  return null;
}

const noCoupon = (couponId: string) => refuse('coupon-not-found', `no coupon ${couponId}`);
