import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from './api-client.ts';
import { viewKey } from './view-keys.ts';
import { memberApartmentsView, type MemberApartment } from '@building/events/read-models/member-apartments';

const memberApartmentSchema = memberApartmentsView.response;

export type { MemberApartment };

/** GET /memberData/:email: the apartments the member leases. */
export async function getMemberApartments(email: string, signal?: AbortSignal): Promise<MemberApartment[]> {
  return z
    .array(memberApartmentSchema)
    .parse(await query(`/memberData/${encodeURIComponent(email)}`, { signal }));
}

export const memberApartmentsQueryOptions = (email: string) =>
  queryOptions({
    queryKey: [...viewKey('member-apartments'), email],
    queryFn: ({ signal }) => getMemberApartments(email, signal),
    enabled: email !== '',
  });

export const useMemberApartments = (email: string) => useQuery(memberApartmentsQueryOptions(email));
