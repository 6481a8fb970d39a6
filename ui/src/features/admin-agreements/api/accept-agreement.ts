import { useMutation, useQueryClient } from '@tanstack/react-query';
import { command } from '../../../lib/api-client.ts';
import { decidedSchema, invalidateAfterDecision, type Decision } from './decision-effects.ts';

/** PUT /acceptAgreement { si, email }: books the apartment and makes the user a member. */
export async function acceptAgreement({ si, email }: Decision) {
  return decidedSchema.parse(await command('PUT', '/acceptAgreement', { si, email }));
}

export function useAcceptAgreement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptAgreement, onSuccess: () => invalidateAfterDecision(queryClient) });
}
