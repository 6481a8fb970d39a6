import { queryOptions, useQuery } from '@tanstack/react-query';
import { pricesResponse, type PricesResponse } from '@building/events/read-models/prices';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';

export type { PricesResponse };

/** GET /prices: the service plan and tariffs in force, and each meter's last reading. */
export async function getPrices(signal?: AbortSignal): Promise<PricesResponse> {
  return pricesResponse.parse(await query('/prices', { signal }));
}

export const usePrices = () =>
  useQuery(
    queryOptions({ queryKey: [...viewKey('prices'), 'all'], queryFn: ({ signal }) => getPrices(signal) }),
  );
