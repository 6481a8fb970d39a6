import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { MaintenanceStatus } from '@building/events/read-models/maintenance';
import { command } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';
import { maintenanceKey } from './get-my-maintenance.ts';

const changedSchema = z.object({ modifiedCount: z.number(), position: z.number() });

export interface StatusChange {
  id: string;
  status: Exclude<MaintenanceStatus, 'open'>;
  /** YYYY-MM-DD, for `scheduled`. */
  scheduledFor?: string;
  /** For `declined`. */
  reason?: string;
}

/** PATCH /maintenance/:id/status (admins). */
export async function changeMaintenanceStatus({ id, ...change }: StatusChange) {
  return changedSchema.parse(await command('PATCH', `/maintenance/${encodeURIComponent(id)}/status`, change));
}

export function useChangeMaintenanceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMaintenanceStatus,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: maintenanceKey });
      await queryClient.invalidateQueries({ queryKey: viewKey('statistics') });
    },
  });
}
