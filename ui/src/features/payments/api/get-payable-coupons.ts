import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';
import { couponsView, type Coupon } from '@building/events/read-models/coupons';

const couponSchema = couponsView.response;

export type PayableCoupon = Coupon;

/** GET /coupons, kept to the coupons that can apply to a payment: only available ones do. */
export async function getPayableCoupons(signal?: AbortSignal): Promise<PayableCoupon[]> {
  const coupons = z.array(couponSchema).parse(await query('/coupons', { signal }));
  return coupons.filter((coupon) => coupon.status === 'available');
}

export const payableCouponsQueryOptions = () =>
  queryOptions({
    queryKey: [...viewKey('coupons'), 'payable'],
    queryFn: ({ signal }) => getPayableCoupons(signal),
  });

export const usePayableCoupons = () => useQuery(payableCouponsQueryOptions());

/** The available coupon a typed code names (codes are case-insensitive), if any. */
export const couponMatching = (coupons: PayableCoupon[] | undefined, typed: string) => {
  const code = typed.trim().toLowerCase();
  return code ? coupons?.find((coupon) => coupon.code.toLowerCase() === code) : undefined;
};
