import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from '../../../lib/api-client.ts';

export const auditCategories = ['agreements', 'payments', 'maintenances'] as const;
export type AuditCategory = (typeof auditCategories)[number];

const actorSchema = z.union([
  z.literal('system'),
  z.object({ email: z.string(), role: z.string() }),
  z.string(),
]);

const auditEventSchema = z.object({
  position: z.number(),
  stream: z.string(),
  version: z.number(),
  type: z.string(),
  occurredAt: z.string(),
  actor: actorSchema,
  data: z.unknown(),
});

const auditLogSchema = z.object({
  events: z.array(auditEventSchema),
  verification: z.object({
    ok: z.boolean(),
    streams: z.number(),
    events: z.number(),
    broken: z.optional(z.object({ stream: z.string(), version: z.number(), reason: z.string() })),
  }),
});

export type AuditEvent = z.infer<typeof auditEventSchema>;
export type AuditLog = z.infer<typeof auditLogSchema>;

export interface AuditWindow {
  category: AuditCategory;
  /** Whole days, YYYY-MM-DD; empty for no bound. */
  from: string;
  to: string;
}

/** GET /admin/audit?category=&from=&to=: a category's events replayed, and the hash chains checked. */
export async function getAuditLog(
  { category, from, to }: AuditWindow,
  signal?: AbortSignal,
): Promise<AuditLog> {
  const params = new URLSearchParams({ category });
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  return auditLogSchema.parse(await query(`/admin/audit?${params}`, { signal }));
}

export const auditKey = ['audit'] as const;

export const auditLogQueryOptions = (window: AuditWindow) =>
  queryOptions({
    queryKey: [...auditKey, window.category, window.from, window.to],
    queryFn: ({ signal }) => getAuditLog(window, signal),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (window: AuditWindow) => useQuery(auditLogQueryOptions(window));
