import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';
import { paymentsView, type Payment } from '@building/events/read-models/payments';

const paymentSchema = paymentsView.response;

export type { Payment };

/** GET /payments/:email?month=: the member's payments, optionally of one month (matched case-insensitively). */
export async function getPayments(email: string, month: string, signal?: AbortSignal): Promise<Payment[]> {
  const search = month ? `?${new URLSearchParams({ month })}` : '';
  return z
    .array(paymentSchema)
    .parse(await query(`/payments/${encodeURIComponent(email)}${search}`, { signal }));
}

export const paymentsQueryOptions = (email: string, month: string) =>
  queryOptions({
    queryKey: [...viewKey('payments'), email, month],
    queryFn: ({ signal }) => getPayments(email, month, signal),
    enabled: email !== '',
    placeholderData: keepPreviousData,
  });

export const usePayments = (email: string, month: string) => useQuery(paymentsQueryOptions(email, month));
