import type { DomainEvent } from '@building/events/catalogue';
import type { Aggregate } from '../command-handling/aggregate.ts';
import { evolveCoupon, initialCouponState, type CouponState } from '../coupon/coupon.ts';

/** The coupon aggregate plus the discount a payment needs from it. */
export interface CouponTerms {
  coupon: CouponState;
  discount: number;
}

export const couponTermsAggregate: Aggregate<CouponTerms> = {
  initialState: () => ({ coupon: initialCouponState(), discount: 0 }),
  evolve: (state: CouponTerms, event: DomainEvent): CouponTerms => ({
    coupon: evolveCoupon(state.coupon, event),
    discount: event.type === 'CouponAdded' ? event.data.discount : state.discount,
  }),
};
