import { queryOptions, useQuery } from '@tanstack/react-query';
import { monthChargesResponse, type MonthCharge } from '@building/events/read-models/account';
import { query } from '../../../lib/api-client.ts';
import type { MonthOfYear } from '../../../lib/month-of-year.ts';
import { viewKey } from '../../../lib/view-keys.ts';

export type { MonthCharge };

/** GET /charges?month=&year=: every charge of the month, a cancelled one marked. */
export async function getMonthCharges({ month, year }: MonthOfYear, signal?: AbortSignal) {
  return monthChargesResponse.parse(await query(`/charges?month=${month}&year=${year}`, { signal }));
}

export const useMonthCharges = (of: MonthOfYear) =>
  useQuery(
    queryOptions({
      queryKey: [...viewKey('account'), 'charges', of.year, of.month],
      queryFn: ({ signal }) => getMonthCharges(of, signal),
    }),
  );
