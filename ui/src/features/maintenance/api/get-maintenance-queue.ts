import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  maintenanceQueueSchema,
  type MaintenanceCategory,
  type MaintenanceQueue,
  type MaintenanceStatus,
} from '@building/events/read-models/maintenance';
import { query } from '../../../lib/api-client.ts';
import { maintenanceKey } from './get-my-maintenance.ts';

export type { MaintenanceQueue };

export interface QueueFilters {
  /** A status, `active` (not yet closed), or '' for all. */
  status: MaintenanceStatus | 'active' | '';
  category: MaintenanceCategory | '';
  block: string;
  page: number;
}

/** GET /maintenance?status=&category=&block=&page= (admins): one page of the queue and its total. */
export async function getMaintenanceQueue(filters: QueueFilters, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(filters.page) });
  for (const key of ['status', 'category', 'block'] as const) if (filters[key]) params.set(key, filters[key]);
  return maintenanceQueueSchema.parse(await query(`/maintenance?${params}`, { signal }));
}

export const maintenanceQueueQueryOptions = (filters: QueueFilters) =>
  queryOptions({
    queryKey: [...maintenanceKey, 'queue', filters],
    queryFn: ({ signal }) => getMaintenanceQueue(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useMaintenanceQueue = (filters: QueueFilters) => useQuery(maintenanceQueueQueryOptions(filters));
