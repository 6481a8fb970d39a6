import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { residentsResponse, type Resident } from '@building/events/read-models/account';
import { query } from './api-client.ts';
import { viewKey } from './view-keys.ts';

export type { Resident };

/** GET /residents?q=: leases, current first, whose holder or apartment matches (admins). */
export async function getResidents(q: string, signal?: AbortSignal): Promise<Resident[]> {
  return residentsResponse.parse(await query(`/residents?q=${encodeURIComponent(q)}`, { signal }));
}

/** While the next search runs, the last answer stays on screen. */
export const useResidents = (q: string) =>
  useQuery(
    queryOptions({
      queryKey: [...viewKey('member-apartments'), 'residents', q],
      queryFn: ({ signal }) => getResidents(q, signal),
      placeholderData: keepPreviousData,
    }),
  );

/** The apartments leased now, one entry each, in the order of their names. */
export const currentLeases = (residents: readonly Resident[]) =>
  residents.filter((r) => r.endedAt === null).sort((a, b) => a.apartment.localeCompare(b.apartment));
