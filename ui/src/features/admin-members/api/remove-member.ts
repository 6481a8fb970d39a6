import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { command } from '../../../lib/api-client.ts';
import { rolesKey } from '../../../lib/use-roles.ts';
import { viewKey, type ViewName } from '../../../lib/view-keys.ts';
import { membersKey } from './get-members.ts';

const removedSchema = z.object({ position: z.number() });

/** PATCH /memberRemove/:email: the member becomes a user again and their apartments are freed. */
export async function removeMember(email: string) {
  return removedSchema.parse(await command('PATCH', `/memberRemove/${encodeURIComponent(email)}`));
}

/** What a demotion changes besides the member list. */
const touched: ViewName[] = ['statistics', 'apartments', 'member-apartments'];

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersKey }),
        queryClient.invalidateQueries({ queryKey: rolesKey }),
        ...touched.map((view) => queryClient.invalidateQueries({ queryKey: viewKey(view) })),
      ]),
  });
}
