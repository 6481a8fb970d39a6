import { queryOptions, useQuery } from '@tanstack/react-query';
import { afterFirstPaint } from '../../../lib/after-first-paint.ts';
import { query } from '../../../lib/api-client.ts';
import type { Coupon } from '@building/events/read-models/coupons';

export type { Coupon };

/**
 * GET /couponAvailable: the coupons shown on the home page. The contract's schema (full zod and
 * the event catalogue behind it) is loaded beside the request, once the first paint is done:
 * the query starts as the page first renders, often before the browser has painted it.
 */
export async function getAvailableCoupons(signal?: AbortSignal): Promise<Coupon[]> {
  const [{ couponsView }, body] = await Promise.all([
    afterFirstPaint().then(() => import('@building/events/read-models/coupons')),
    query('/couponAvailable', { signal }),
  ]);
  return couponsView.response.array().parse(body);
}

export const availableCouponsQueryOptions = () =>
  queryOptions({
    queryKey: ['coupons', 'available'],
    queryFn: ({ signal }) => getAvailableCoupons(signal),
  });

export const useAvailableCoupons = () => useQuery(availableCouponsQueryOptions());
