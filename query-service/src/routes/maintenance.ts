import Router from '@koa/router';
import type { Knex } from 'knex';
import { z } from 'zod';
import { parseInput } from '@building/events/parse-input';
import {
  MAINTENANCE_PAGE_SIZE,
  maintenanceCategorySchema,
  maintenanceQueueSchema,
  maintenanceStatusSchema,
  maintenanceView,
  openMaintenanceStatuses,
} from '@building/events/read-models/maintenance';
import { tableNames } from '@building/events/read-models/read-model';
import { safeText } from '@building/infra/http/safe-text';
import { adminOnly, ownerOrAdmin } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';
import { toResponses } from '../read-models/to-responses.ts';

const tables = tableNames(maintenanceView);
const queueQuery = z.object({
  /** A status, or `active`: every status not yet done or declined. */
  status: z.union([maintenanceStatusSchema, z.literal('active')]).optional(),
  category: maintenanceCategorySchema.optional(),
  block: safeText
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{1,10}$/, 'expected a block name')
    .optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
});
type QueueFilters = Omit<z.infer<typeof queueQuery>, 'page'>;

/**
 * GET /myMaintenance/:email (the member, or an admin): their requests, newest first.
 * GET /maintenance?status=&category=&block=&page= (admins, 10 a page, newest first):
 * `{ result, total }`. Both answer each request with its status history and comments.
 */
export function maintenanceRoutes(deps: QueryDeps): Router {
  return new Router()
    .get('/myMaintenance/:email', ownerOrAdmin(deps), async (ctx) => {
      const email = ctx.state.email as string;
      ctx.body = await readView(ctx, deps, ['maintenance'], { email }, async () =>
        toResponses(maintenanceView, await withThreads(deps.db, requests(deps.db).where('r.email', email))),
      );
    })
    .get('/maintenance', adminOnly(deps), async (ctx) => {
      const { page, ...filters } = parseInput(queueQuery, ctx.query, 'query');
      ctx.body = await readView(ctx, deps, ['maintenance'], { page, ...filters }, async () => {
        const [rows, count] = await Promise.all([
          withThreads(
            deps.db,
            filtered(requests(deps.db), filters)
              .limit(MAINTENANCE_PAGE_SIZE)
              .offset(page * MAINTENANCE_PAGE_SIZE),
          ),
          filtered(deps.db(`${tables.requests} as r`), filters)
            .count<{ n: string }[]>('* as n')
            .first(),
        ]);
        return maintenanceQueueSchema.parse({
          result: toResponses(maintenanceView, rows),
          total: Number(count?.n ?? 0),
        });
      });
    });
}

const requests = (db: Knex) =>
  db(`${tables.requests} as r`).orderBy([
    { column: 'r.requested_at', order: 'desc' },
    { column: 'r.request_id', order: 'asc' },
  ]);

function filtered(rows: Knex.QueryBuilder, { status, category, block }: QueueFilters): Knex.QueryBuilder {
  if (status === 'active') rows.whereIn('r.status', openMaintenanceStatuses);
  else if (status) rows.where('r.status', status);
  if (category) rows.where('r.category', category);
  if (block) rows.where('r.block', block);
  return rows;
}

/** Each request with its history and comments, oldest first, gathered in the same query. */
function withThreads(db: Knex, rows: Knex.QueryBuilder) {
  return rows.select(
    'r.*',
    db.raw(
      `coalesce((select json_agg(json_build_object(
          'status', h.status, 'scheduled_for', h.scheduled_for, 'reason', h.reason,
          'changed_by', h.changed_by, 'changed_at', h.changed_at) order by h.position)
        from ${tables.history} h where h.request_id = r.request_id), '[]'::json) as history`,
    ),
    db.raw(
      `coalesce((select json_agg(json_build_object(
          'author', c.author, 'author_role', c.author_role, 'text', c.text,
          'commented_at', c.commented_at) order by c.position)
        from ${tables.comments} c where c.request_id = r.request_id), '[]'::json) as comments`,
    ),
  );
}
