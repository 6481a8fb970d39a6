import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { command } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';

const recordedSchema = z.object({ position: z.number() });

/**
 * POST /payment { paymentIntentId }: the server asks the provider whether the intent succeeded and
 * records the payment once (a month already paid answers 409).
 */
export async function recordPayment(paymentIntentId: string) {
  return recordedSchema.parse(await command('POST', '/payment', { paymentIntentId }));
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    onSuccess: () =>
      Promise.all(
        (['payments', 'rent-ledger', 'account'] as const).map((view) =>
          queryClient.invalidateQueries({ queryKey: viewKey(view) }),
        ),
      ),
  });
}
