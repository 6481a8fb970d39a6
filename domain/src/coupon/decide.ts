import type { DomainEvent } from '@building/events/catalogue';
import { refuse } from '@building/events/domain-error';
import { requireAdmin, type Caller } from '../command-handling/caller.ts';
import type { CouponState } from './coupon.ts';

export type CouponCommand =
  | {
      type: 'AddCoupon';
      data: { couponId: string; code: string; discount: number; description: string; by: Caller };
    }
  /** Toggling to the state a coupon already has records nothing (the route answers modifiedCount 0). */
  | { type: 'DisableCoupon'; data: { couponId: string; by: Caller } }
  | { type: 'EnableCoupon'; data: { couponId: string; by: Caller } };

export function decideCoupon(command: CouponCommand, state: CouponState): DomainEvent[] {
  switch (command.type) {
    case 'AddCoupon':
      return addCoupon(command.data, state);
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
  { by, ...coupon }: Extract<CouponCommand, { type: 'AddCoupon' }>['data'],
  state: CouponState,
): DomainEvent[] {
  requireAdmin(by, 'add a coupon');
  if (state.status === 'added')
    throw refuse('coupon-code-taken', `the coupon code '${coupon.code}' is already used`);
  return [{ type: 'CouponAdded', data: coupon }];
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

const noCoupon = (couponId: string) => refuse('coupon-not-found', `no coupon ${couponId}`);
