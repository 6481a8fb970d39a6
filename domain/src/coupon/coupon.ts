import type { DomainEvent, EventData } from '@building/events/catalogue';
import type { Aggregate } from '../command-handling/aggregate.ts';

/** A discount coupon (stream coupon-<id>) with its terms as added; only an available one applies to a payment. */
export type CouponState =
  { status: 'none' } | (EventData<'CouponAdded'> & { status: 'added'; available: boolean });

export const initialCouponState = (): CouponState => ({ status: 'none' });

export function evolveCoupon(state: CouponState, event: DomainEvent): CouponState {
  if (event.type === 'CouponAdded') return { ...event.data, status: 'added', available: true };
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
