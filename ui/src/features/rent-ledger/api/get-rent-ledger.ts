import { queryOptions, useQuery } from '@tanstack/react-query';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';
import { rentLedgerResponse, type RentLedger } from '@building/events/read-models/rent-ledger';

export type { RentLedger };

/** GET /rent-ledger/:email: the person's leases month by month, and what they owe now. */
export async function getRentLedger(email: string, signal?: AbortSignal): Promise<RentLedger> {
  return rentLedgerResponse.parse(await query(`/rent-ledger/${encodeURIComponent(email)}`, { signal }));
}

export const rentLedgerQueryOptions = (email: string) =>
  queryOptions({
    queryKey: [...viewKey('rent-ledger'), email],
    queryFn: ({ signal }) => getRentLedger(email, signal),
    enabled: email !== '',
  });

export const useRentLedger = (email: string) => useQuery(rentLedgerQueryOptions(email));
