import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { rolesKey } from '../../../lib/use-roles.ts';
import { viewKey, type ViewName } from '../../../lib/view-keys.ts';

export const decidedSchema = z.object({ position: z.number() });

export interface Decision {
  si: number;
  email: string;
}

/** A decision changes the inbox and, when accepted, the members, the statistics and the listing. */
const touched: ViewName[] = [
  'agreement-requests',
  'members',
  'statistics',
  'apartments',
  'member-apartments',
];

export const invalidateAfterDecision = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: rolesKey }),
    ...touched.map((view) => queryClient.invalidateQueries({ queryKey: viewKey(view) })),
  ]);
