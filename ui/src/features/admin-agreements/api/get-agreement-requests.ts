import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';

const label = z.union([z.string(), z.number()]);

const requestSchema = z.object({
  _id: label,
  si: z.number(),
  user_name: z.string(),
  user_email: z.string(),
  floor: label,
  block: label,
  apartment: label,
  rent: z.number(),
  room: label,
  status: z.string(),
  timestamp: z.union([z.number(), z.string()]),
});

export type AgreementRequest = z.infer<typeof requestSchema>;

/** GET /agreement (admins only): the requests waiting for a decision. */
export async function getAgreementRequests(signal?: AbortSignal): Promise<AgreementRequest[]> {
  return z.array(requestSchema).parse(await query('/agreement', { signal }));
}

export const agreementRequestsKey = viewKey('agreement-requests');

export const agreementRequestsQueryOptions = () =>
  queryOptions({
    queryKey: [...agreementRequestsKey, 'inbox'],
    queryFn: ({ signal }) => getAgreementRequests(signal),
  });

export const useAgreementRequests = () => useQuery(agreementRequestsQueryOptions());
