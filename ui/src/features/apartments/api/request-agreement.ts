import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { command } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';
import { apartmentsKey, type Apartment } from './get-apartments.ts';

const requestedSchema = z.object({ insertedId: z.union([z.string(), z.number()]), position: z.number() });

/**
 * POST /agreement { si }: the server fills in the apartment's details and the user's name and
 * email from the token, and refuses (409) a second request or a booked apartment.
 */
export async function requestAgreement(si: Apartment['si']) {
  return requestedSchema.parse(await command('POST', '/agreement', { si }));
}

export function useRequestAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestAgreement,
    // The listing, and the user's own requests (the card shows it pending).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apartmentsKey }),
        queryClient.invalidateQueries({ queryKey: viewKey('agreement-requests') }),
      ]),
  });
}
