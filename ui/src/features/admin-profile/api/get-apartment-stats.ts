import { queryOptions, useQuery } from '@tanstack/react-query';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';
import { statisticsView, type ApartmentStats } from '@building/events/read-models/statistics';

const statsSchema = statisticsView.response;

export type { ApartmentStats };

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
