import type { DomainEvent } from '@building/events/catalogue';
import { badRequest, conflict } from '@building/infra/http/problem';
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

/** Only an available coupon applies: an unknown code is a 400, a disabled one a 409, each naming the code. */
export function applicableCoupon(terms: CouponTerms, code: string): { couponCode: string; discount: number } {
  const { coupon } = terms;
  if (coupon.status !== 'added') {
    throw badRequest(`no coupon with the code '${code}'`, [
      { field: 'code', message: `unknown coupon '${code}'` },
    ]);
  }
  if (!coupon.available) throw conflict(`the coupon '${coupon.code}' is not available`);
  return { couponCode: coupon.code, discount: terms.discount };
}
