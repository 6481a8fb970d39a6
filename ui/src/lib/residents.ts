import { queryOptions, useQuery } from '@tanstack/react-query';
import { residentsResponse, type Resident } from '@building/events/read-models/account';
import { residentsPageSize } from '@building/events/requests/account-requests';
import { query } from './api-client.ts';
import { viewKey } from './view-keys.ts';

export type { Resident };

/** GET /residents?q=&current=&page=: a page of leases, current first, whose holder or apartment matches (admins). */
export async function getResidents(
  q: string,
  signal?: AbortSignal,
  { current = false, page = 1 }: { current?: boolean; page?: number } = {},
): Promise<Resident[]> {
  const asked = new URLSearchParams({
    q,
    ...(current ? { current: 'true' } : {}),
    ...(page > 1 ? { page: String(page) } : {}),
  });
  return residentsResponse.parse(await query(`/residents?${asked}`, { signal }));
}

/** Every lease in force, page after page (a page short of a full one is the last). */
async function allCurrentLeases(signal?: AbortSignal): Promise<Resident[]> {
  const leases: Resident[] = [];
  for (let page = 1; ; page++) {
    const found = await getResidents('', signal, { current: true, page });
    leases.push(...found);
    if (found.length < residentsPageSize) return leases;
  }
}

/** No earlier answer stands in while a search runs: a pick is always of what was asked. */
export const useResidents = (q: string) =>
  useQuery(
    queryOptions({
      queryKey: [...viewKey('member-apartments'), 'residents', q],
      queryFn: ({ signal }) => getResidents(q, signal),
    }),
  );

/** Every apartment leased now, however many pages the building's leases fill (the Charges page). */
export const useCurrentLeases = () =>
  useQuery(
    queryOptions({
      queryKey: [...viewKey('member-apartments'), 'residents', 'current'],
      queryFn: ({ signal }) => allCurrentLeases(signal),
    }),
  );

/** The apartments leased now, one entry each, in the order of their names. */
export const currentLeases = (residents: readonly Resident[]) =>
  residents.filter((r) => r.endedAt === null).sort((a, b) => a.apartment.localeCompare(b.apartment));
