import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { maintenanceView, type MaintenanceRequest } from '@building/events/read-models/maintenance';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';

export type { MaintenanceRequest };

/** Every query of the maintenance view: a change of it (a command, the live stream) refreshes them. */
export const maintenanceKey = viewKey('maintenance');

/** GET /myMaintenance/:email: the member's own requests, newest first, with history and comments. */
export async function getMyMaintenance(email: string, signal?: AbortSignal): Promise<MaintenanceRequest[]> {
  return z
    .array(maintenanceView.response)
    .parse(await query(`/myMaintenance/${encodeURIComponent(email)}`, { signal }));
}

export const myMaintenanceQueryOptions = (email: string) =>
  queryOptions({
    queryKey: [...maintenanceKey, 'mine', email],
    queryFn: ({ signal }) => getMyMaintenance(email, signal),
    enabled: email !== '',
  });

export const useMyMaintenance = (email: string) => useQuery(myMaintenanceQueryOptions(email));
