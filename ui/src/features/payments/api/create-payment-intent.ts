import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { command } from '../../../lib/api-client.ts';

const intentSchema = z.object({
  ClientSecret: z.string().check(z.minLength(1)),
  paymentIntentId: z.string(),
  rent: z.number(),
  discount: z.number(),
  payable: z.number(),
  amount: z.number(),
});

export type RentIntent = z.infer<typeof intentSchema>;

export interface RentTerms {
  si: number;
  month: string;
  year: number;
  /** A coupon code; the server checks it is available and prices the rent. */
  code?: string | undefined;
}

/** POST /create-payment-intent { si, month, year, code? }: the server prices the month and opens the intent. */
export async function createPaymentIntent(terms: RentTerms, signal?: AbortSignal): Promise<RentIntent> {
  const body = terms.code ? terms : { si: terms.si, month: terms.month, year: terms.year };
  return intentSchema.parse(await command('POST', '/create-payment-intent', body, { signal }));
}

/**
 * Held as a query keyed by the terms: the same terms reuse the intent (the server hands back the open
 * one too), a coupon makes a new one. Never refetched by itself: a paid intent must not be re-asked.
 */
export const paymentIntentQueryOptions = (terms: RentTerms) =>
  queryOptions({
    queryKey: ['payment-intent', terms.si, terms.year, terms.month, terms.code?.toLowerCase() ?? ''],
    queryFn: ({ signal }) => createPaymentIntent(terms, signal),
    staleTime: Infinity,
    retry: false,
  });

export const usePaymentIntent = (terms: RentTerms) => useQuery(paymentIntentQueryOptions(terms));
