import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { command } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';
import type { Apartment } from './get-apartments.ts';

const withdrawnSchema = z.object({ modifiedCount: z.number(), position: z.number() });

/** DELETE /agreement/:si: the signed-in user takes back their pending request for the apartment. */
export async function withdrawAgreement(si: Apartment['si']) {
  return withdrawnSchema.parse(await command('DELETE', `/agreement/${encodeURIComponent(String(si))}`));
}

export function useWithdrawAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawAgreement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKey('agreement-requests') }),
  });
}
