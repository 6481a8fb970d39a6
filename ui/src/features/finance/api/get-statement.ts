import { queryOptions, useQuery } from '@tanstack/react-query';
import { monthlyStatementResponse, type MonthlyStatementResponse } from '@building/events/books/statement';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';

export type { MonthlyStatementResponse };

/** GET /statements/monthly?year=&month= (admins): the month's statement and its 12 months' trend. */
export async function getStatement(year: number, month: number, signal?: AbortSignal) {
  return monthlyStatementResponse.parse(
    await query(`/statements/monthly?year=${year}&month=${month}`, { signal }),
  );
}

export const statementQueryOptions = (year: number, month: number) =>
  queryOptions({
    queryKey: [...viewKey('journal'), 'statement', year, month],
    queryFn: ({ signal }) => getStatement(year, month, signal),
  });

export const useStatement = (year: number, month: number) => useQuery(statementQueryOptions(year, month));
