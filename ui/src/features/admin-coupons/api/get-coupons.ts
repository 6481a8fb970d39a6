import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';

const couponSchema = z.object({
  _id: z.union([z.string(), z.number()]),
  code: z.string(),
  discount: z.number(),
  description: z.optional(z.string()),
  status: z.string(),
});

export type Coupon = z.infer<typeof couponSchema>;

/** GET /coupons: admins see every coupon, available or not. */
export async function getCoupons(signal?: AbortSignal): Promise<Coupon[]> {
  return z.array(couponSchema).parse(await query('/coupons', { signal }));
}

export const couponsKey = viewKey('coupons');

export const couponsQueryOptions = () =>
  queryOptions({ queryKey: [...couponsKey, 'all'], queryFn: ({ signal }) => getCoupons(signal) });

export const useCoupons = () => useQuery(couponsQueryOptions());
