import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';

const memberSchema = z.object({
  _id: z.union([z.string(), z.number()]),
  name: z.string(),
  email: z.string(),
});

export type Member = z.infer<typeof memberSchema>;

/** GET /members (admins only): everyone with an active lease. */
export async function getMembers(signal?: AbortSignal): Promise<Member[]> {
  return z.array(memberSchema).parse(await query('/members', { signal }));
}

export const membersKey = viewKey('members');

export const membersQueryOptions = () =>
  queryOptions({ queryKey: membersKey, queryFn: ({ signal }) => getMembers(signal) });

export const useMembers = () => useQuery(membersQueryOptions());
