import Router from '@koa/router';
import { z } from 'zod';
import type { StoredEvent } from '@building/events/envelope';
import { parseInput } from '@building/events/parse-input';
import { badRequest } from '@building/infra/http/problem';
import { safeText } from '@building/infra/http/safe-text';
import { auditCategoryNames, toCategories } from '@building/infra/ops/audit-categories';
import { auditLog } from '@building/infra/ops/audit-log';
import { parseDate } from '@building/infra/ops/parse-date';
import { projectionsReport } from '@building/infra/read-models/projections-report';
import { storeReplay } from '@building/infra/ops/store-replay';
import { readModels } from '@building/events/read-models/all-read-models';
import { adminOnly, type TokenDeps } from '../auth/caller.ts';

const categoryNames: readonly string[] = [...auditCategoryNames, 'all'];
const date = (edge: 'start' | 'end') =>
  safeText.trim().transform((value, ctx) => {
    const parsed = parseDate(value, edge);
    if (!parsed) ctx.addIssue({ code: 'custom', message: 'not a date (2026-03-01 or 2026-03-01T12:00:00Z)' });
    return parsed ?? new Date(0);
  });
const auditQuery = z.object({
  category: safeText
    .trim()
    .min(1)
    .transform((value, ctx) => {
      const names = value.split(',').map((c) => c.trim());
      const unknown = names.filter((name) => !categoryNames.includes(name));
      if (unknown.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `unknown ${unknown.join(', ')} (use ${categoryNames.join(', ')})`,
        });
      return names;
    }),
  from: date('start').optional(),
  to: date('end').optional(),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
});

/**
 * The admin dashboard's operations view (docs/architecture.md §6), admins only:
 * - GET /admin/projections: each projection's position, lag, pending events, parked events and
 *   last error (the same report as `npm run projections -- status`);
 * - GET /admin/audit?category=agreements[,payments|all]&from=&to=&limit=: the categories' events
 *   in the window (the first `limit`, in log order) and the verification of every stream's hash
 *   chain over the whole log (as `npm run audit -- ... --verify`). Replayed from the event store,
 *   which shares the views' database in both modes.
 */
export function adminOpsRoutes(deps: TokenDeps): Router {
  return new Router()
    .get('/admin/projections', adminOnly(deps), async (ctx) => {
      ctx.body = await projectionsReport(deps.db, readModels);
    })
    .get('/admin/audit', adminOnly(deps), async (ctx) => {
      const query = parseInput(auditQuery, ctx.query, 'query');
      if (query.from && query.to && query.from > query.to)
        throw badRequest('from: is after to', [{ field: 'from', message: 'is after to' }]);
      const events: StoredEvent[] = [];
      const result = await auditLog(
        storeReplay(deps.db).replay(toCategories(query.category)),
        { from: query.from, to: query.to },
        (event) => {
          if (events.length < query.limit) events.push(event);
        },
      );
      ctx.body = {
        categories: query.category,
        from: query.from?.toISOString() ?? null,
        to: query.to?.toISOString() ?? null,
        total: result.shown,
        truncated: result.shown > events.length,
        events,
        // `broken` only when a link is broken (the dashboard reads its absence as intact).
        verification: { ...result.verification, broken: result.verification.broken ?? undefined },
      };
    });
}
