import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from '../../../lib/api-client.ts';
import { couponsView, type Coupon } from '@building/events/read-models/coupons';

const couponSchema = couponsView.response;

export type { Coupon };

/** GET /couponAvailable: the coupons shown on the home page. */
export async function getAvailableCoupons(signal?: AbortSignal): Promise<Coupon[]> {
  return z.array(couponSchema).parse(await query('/couponAvailable', { signal }));
}

export const availableCouponsQueryOptions = () =>
  queryOptions({
    queryKey: ['coupons', 'available'],
    queryFn: ({ signal }) => getAvailableCoupons(signal),
  });

export const useAvailableCoupons = () => useQuery(availableCouponsQueryOptions());
