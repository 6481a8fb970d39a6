import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';
import { memberListEntry, type MemberListEntry } from '@building/events/read-models/members';

const memberSchema = memberListEntry;

export type Member = MemberListEntry;

/** GET /members (admins only): everyone with an active lease, their apartments and what they owe. */
export async function getMembers(signal?: AbortSignal): Promise<Member[]> {
  return z.array(memberSchema).parse(await query('/members', { signal }));
}

export const membersKey = viewKey('members');

export const membersQueryOptions = () =>
  queryOptions({ queryKey: membersKey, queryFn: ({ signal }) => getMembers(signal) });

export const useMembers = () => useQuery(membersQueryOptions());
