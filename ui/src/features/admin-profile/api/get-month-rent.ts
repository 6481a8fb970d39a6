import { queryOptions, useQuery } from '@tanstack/react-query';
import { monthRentResponse, type MonthRent } from '@building/events/read-models/rent-ledger';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';

export type { MonthRent };

/** GET /rent-month (admins): this month's rent owed, collected and overdue, in poisha. */
export async function getMonthRent(signal?: AbortSignal): Promise<MonthRent> {
  return monthRentResponse.parse(await query('/rent-month', { signal }));
}

export const monthRentQueryOptions = () =>
  queryOptions({
    // A payment moves the rent ledger: the live stream refreshes these figures with it.
    queryKey: [...viewKey('rent-ledger'), 'month'],
    queryFn: ({ signal }) => getMonthRent(signal),
  });

export const useMonthRent = () => useQuery(monthRentQueryOptions());
