import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { command } from '../../../lib/api-client.ts';
import { maintenanceKey } from './get-my-maintenance.ts';

const commentedSchema = z.object({ position: z.number() });

/** POST /maintenance/:id/comments { text } (the member who filed it, or an admin). */
export async function commentOnMaintenance({ id, text }: { id: string; text: string }) {
  return commentedSchema.parse(
    await command('POST', `/maintenance/${encodeURIComponent(id)}/comments`, { text }),
  );
}

export function useCommentOnMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commentOnMaintenance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceKey }),
  });
}
