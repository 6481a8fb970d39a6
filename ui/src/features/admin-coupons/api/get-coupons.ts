import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';
import { couponsView, type Coupon } from '@building/events/read-models/coupons';

const couponSchema = couponsView.response;

export type { Coupon };

/** GET /coupons: admins see every coupon, available or not. */
export async function getCoupons(signal?: AbortSignal): Promise<Coupon[]> {
  return z.array(couponSchema).parse(await query('/coupons', { signal }));
}

export const couponsKey = viewKey('coupons');

export const couponsQueryOptions = () =>
  queryOptions({ queryKey: [...couponsKey, 'all'], queryFn: ({ signal }) => getCoupons(signal) });

export const useCoupons = () => useQuery(couponsQueryOptions());
