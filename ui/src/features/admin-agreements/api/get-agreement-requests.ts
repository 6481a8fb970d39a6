import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';
import {
  agreementRequestsView,
  type AgreementRequest,
} from '@building/events/read-models/agreement-requests';

const requestSchema = agreementRequestsView.response;

export type { AgreementRequest };

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
