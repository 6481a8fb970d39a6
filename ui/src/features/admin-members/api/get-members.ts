import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';
import { membersView, type Member } from '@building/events/read-models/members';

const memberSchema = membersView.response;

export type { Member };

/** GET /members (admins only): everyone with an active lease. */
export async function getMembers(signal?: AbortSignal): Promise<Member[]> {
  return z.array(memberSchema).parse(await query('/members', { signal }));
}

export const membersKey = viewKey('members');

export const membersQueryOptions = () =>
  queryOptions({ queryKey: membersKey, queryFn: ({ signal }) => getMembers(signal) });

export const useMembers = () => useQuery(membersQueryOptions());
