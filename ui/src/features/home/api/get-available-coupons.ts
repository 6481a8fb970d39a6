import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from '../../../lib/api-client.ts';

const couponSchema = z.object({
  _id: z.union([z.string(), z.number()]),
  code: z.string(),
  discount: z.number(),
  description: z.optional(z.string()),
  status: z.optional(z.string()),
});

export type Coupon = z.infer<typeof couponSchema>;

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
