import { useMutation, useQueryClient } from '@tanstack/react-query';
import { command } from '../../../lib/api-client.ts';
import { decidedSchema, invalidateAfterDecision, type Decision } from './decision-effects.ts';

/** PATCH /rejectAgreement/:si { email }: refuses that user's request for the apartment. */
export async function rejectAgreement({ si, email }: Decision) {
  return decidedSchema.parse(await command('PATCH', `/rejectAgreement/${si}`, { email }));
}

export function useRejectAgreement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rejectAgreement, onSuccess: () => invalidateAfterDecision(queryClient) });
}
