import type { DomainEvent } from '@building/events/catalogue';
import type { Aggregate } from '../command-handling/aggregate.ts';

/** A discount coupon (stream coupon-<id>); only an available one applies to a payment. */
export type CouponState = { status: 'none' } | { status: 'added'; code: string; available: boolean };

export const initialCouponState = (): CouponState => ({ status: 'none' });

export function evolveCoupon(state: CouponState, event: DomainEvent): CouponState {
  if (event.type === 'CouponAdded') return { status: 'added', code: event.data.code, available: true };
  if (state.status !== 'added') return state;
  switch (event.type) {
    case 'CouponDisabled':
      return { ...state, available: false };
    case 'CouponEnabled':
      return { ...state, available: true };
    default:
      return state;
  }
}

export const couponAggregate: Aggregate<CouponState> = {
  initialState: initialCouponState,
  evolve: evolveCoupon,
};
