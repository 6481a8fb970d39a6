import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';

const label = z.union([z.string(), z.number()]);

const memberApartmentSchema = z.object({
  _id: label,
  si: z.number(),
  apartment: label,
  block: label,
  floor: label,
  room: label,
  rent: z.number(),
  accept_date: z.union([z.string(), z.number()]),
});

export type MemberApartment = z.infer<typeof memberApartmentSchema>;

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
