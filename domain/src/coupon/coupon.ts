import type { DomainEvent, EventData } from '@building/events/catalogue';
import type { Aggregate } from '../command-handling/aggregate.ts';

/** When and how often a coupon applies: its last Dhaka day and its most completed payments (null: none). */
export interface CouponLimits {
  expiresOn: string | null;
  usageLimit: number | null;
}

/**
 * A discount coupon (stream coupon-<id>) with its terms as last set; only an available one, not
 * expired nor used up (`uses` counts completed payments), applies to a payment.
 */
export type CouponState =
  | { status: 'none' }
  | (EventData<'CouponAdded'> & CouponLimits & { status: 'added'; available: boolean; uses: number });

export const initialCouponState = (): CouponState => ({ status: 'none' });

export function evolveCoupon(state: CouponState, event: DomainEvent): CouponState {
  if (event.type === 'CouponAdded')
    return { ...event.data, status: 'added', available: true, expiresOn: null, usageLimit: null, uses: 0 };
  if (state.status !== 'added') return state;
  switch (event.type) {
    case 'CouponDisabled':
      return { ...state, available: false };
    case 'CouponEnabled':
      return { ...state, available: true };
    case 'CouponEdited':
      return { ...state, discount: event.data.discount, description: event.data.description };
    case 'CouponLimitsSet':
      return { ...state, expiresOn: event.data.expiresOn, usageLimit: event.data.usageLimit };
    case 'CouponRedeemed':
      return { ...state, uses: state.uses + 1 };
    default:
      return state;
  }
}

export const couponAggregate: Aggregate<CouponState> = {
  initialState: initialCouponState,
  evolve: evolveCoupon,
};
