import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountResponse, type AccountResponse } from '@building/events/read-models/account';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';

export type { AccountResponse };

/** GET /account/:email: every line of the resident's account, the balance, each month's totals. */
export async function getAccount(email: string, signal?: AbortSignal): Promise<AccountResponse> {
  return accountResponse.parse(await query(`/account/${encodeURIComponent(email)}`, { signal }));
}

export const accountQueryOptions = (email: string) =>
  queryOptions({
    queryKey: [...viewKey('account'), email],
    queryFn: ({ signal }) => getAccount(email, signal),
    enabled: email !== '',
  });

export const useAccount = (email: string) => useQuery(accountQueryOptions(email));
