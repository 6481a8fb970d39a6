import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';
import {
  agreementRequestsView,
  type AgreementRequest,
} from '@building/events/read-models/agreement-requests';

const myAgreementSchema = agreementRequestsView.response;

export type MyAgreement = AgreementRequest;

/** GET /myAgreements/:email: the user's own agreement requests and where each one stands. */
export async function getMyAgreements(email: string, signal?: AbortSignal): Promise<MyAgreement[]> {
  return z
    .array(myAgreementSchema)
    .parse(await query(`/myAgreements/${encodeURIComponent(email)}`, { signal }));
}

export const myAgreementsQueryOptions = (email: string) =>
  queryOptions({
    queryKey: [...viewKey('agreement-requests'), 'mine', email],
    queryFn: ({ signal }) => getMyAgreements(email, signal),
  });

export const useMyAgreements = (email: string) => useQuery(myAgreementsQueryOptions(email));
