import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';

const count = z.number().check(z.int(), z.nonnegative());

const statsSchema = z.object({ total: count, available: count, booked: count, user: count, member: count });

export type ApartmentStats = z.infer<typeof statsSchema>;

/**
 * GET /apartmentData. An answer of the wrong shape is not an error of the call: the screen says
 * the data is missing (null) rather than that loading failed.
 */
export async function getApartmentStats(signal?: AbortSignal): Promise<ApartmentStats | null> {
  const parsed = statsSchema.safeParse(await query('/apartmentData', { signal }));
  return parsed.success ? parsed.data : null;
}

export const apartmentStatsQueryOptions = () =>
  queryOptions({ queryKey: viewKey('statistics'), queryFn: ({ signal }) => getApartmentStats(signal) });

export const useApartmentStats = () => useQuery(apartmentStatsQueryOptions());

/** part/total as a percentage with two decimals; 0.00% of nothing. */
export const percentOf = (part: number, total: number): string =>
  `${(total > 0 ? (part / total) * 100 : 0).toFixed(2)}%`;
