import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';

const couponSchema = z.object({
  _id: z.union([z.string(), z.number()]),
  code: z.string(),
  discount: z.number(),
  status: z.optional(z.string()),
});

export type PayableCoupon = z.infer<typeof couponSchema>;

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
