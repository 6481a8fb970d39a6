import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { command } from '../../../lib/api-client.ts';

const depositIntentSchema = z.object({
  ClientSecret: z.string().check(z.minLength(1)),
  paymentIntentId: z.string(),
  /** Taka: what the deposit still owes, priced by the server. */
  payable: z.number(),
});

/** POST /deposits/payment-intent { si }: the server prices what the lease's deposit still owes. */
export async function createDepositIntent(si: number, signal?: AbortSignal) {
  return depositIntentSchema.parse(await command('POST', '/deposits/payment-intent', { si }, { signal }));
}

/** Held like the rent's intent: never refetched by itself, a paid intent must not be re-asked. */
export const useDepositIntent = (si: number) =>
  useQuery(
    queryOptions({
      queryKey: ['deposit-intent', si],
      queryFn: ({ signal }) => createDepositIntent(si, signal),
      staleTime: Infinity,
      retry: false,
    }),
  );
