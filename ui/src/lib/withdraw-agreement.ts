import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { command } from './api-client.ts';
import { viewKey } from './view-keys.ts';

const withdrawnSchema = z.object({ modifiedCount: z.number(), position: z.number() });

/** DELETE /agreement/:si: the signed-in user takes back their pending request for the apartment. */
export async function withdrawAgreement(si: number) {
  return withdrawnSchema.parse(await command('DELETE', `/agreement/${encodeURIComponent(String(si))}`));
}

export function useWithdrawAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawAgreement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKey('agreement-requests') }),
  });
}
