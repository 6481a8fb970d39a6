import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from './api-client.ts';
import { viewKey } from './view-keys.ts';
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
    enabled: email !== '',
  });

export const useMyAgreements = (email: string) => useQuery(myAgreementsQueryOptions(email));

/** Each apartment's newest request by the user (the list comes newest first), by si. */
export const latestRequestBySi = (agreements: readonly MyAgreement[] | undefined) => {
  const latest = new Map<string, MyAgreement>();
  for (const agreement of agreements ?? []) {
    if (!latest.has(String(agreement.si))) latest.set(String(agreement.si), agreement);
  }
  return latest;
};
