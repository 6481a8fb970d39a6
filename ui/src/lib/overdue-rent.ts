import { queryOptions, useQuery } from '@tanstack/react-query';
import { query } from './api-client.ts';
import { viewKey } from './view-keys.ts';
import { overdueRentResponse, type OverdueRent } from '@building/events/read-models/rent-ledger';

export type { OverdueRent };

/** GET /overdue-rent (admins): who owes overdue rent, and the totals (the statistics and the list). */
export async function getOverdueRent(signal?: AbortSignal): Promise<OverdueRent> {
  return overdueRentResponse.parse(await query('/overdue-rent', { signal }));
}

export const overdueRentQueryOptions = () =>
  queryOptions({
    queryKey: [...viewKey('rent-ledger'), 'overdue'],
    queryFn: ({ signal }) => getOverdueRent(signal),
  });

export const useOverdueRent = () => useQuery(overdueRentQueryOptions());
