import type { DecodedEvent } from '@building/events/decode-event';

export interface CouponState {
  couponId: string;
  code: string;
  discount: number;
  description: string;
  status: 'available' | 'unavailable';
}

export type Coupons = Readonly<Record<string, CouponState>>;
export const noCoupons: Coupons = {};

export function evolveCoupons(state: Coupons, event: DecodedEvent): Coupons {
  switch (event.type) {
    case 'CouponAdded': {
      const { couponId, code, discount, description } = event.data;
      return { ...state, [couponId]: { couponId, code, discount, description, status: 'available' } };
    }
    case 'CouponDisabled':
      return withStatus(state, event.data.couponId, 'unavailable');
    case 'CouponEnabled':
      return withStatus(state, event.data.couponId, 'available');
    default:
      return state;
  }
}

function withStatus(state: Coupons, couponId: string, status: CouponState['status']): Coupons {
  const coupon = state[couponId];
  if (!coupon || coupon.status === status) return state;
  return { ...state, [couponId]: { ...coupon, status } };
}
