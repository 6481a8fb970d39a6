import Router from '@koa/router';
import { announcementsView } from '@building/events/read-models/announcements';
import { tableNames } from '@building/events/read-models/read-model';
import { buildingDate } from '@building/events/rent-ledger/building-calendar';
import { requireCaller } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';
import { toResponses } from '../read-models/to-responses.ts';

const table = tableNames(announcementsView).announcements;

/**
 * GET /anouncement (the spec's spelling; signed in): pinned ones first, then newest first. An
 * announcement past its last day (Dhaka) is gone for residents; admins see every one, to edit it.
 */
export function announcementRoutes(deps: QueryDeps): Router {
  return new Router().get('/anouncement', async (ctx) => {
    const caller = await requireCaller(ctx, deps);
    // The answer changes when a day ends, not only when the view does: today is part of its key.
    const today = buildingDate(new Date());
    ctx.body = await readView(ctx, deps, ['announcements'], { today }, async () => {
      const query = deps.db(table).orderBy([
        { column: 'pinned', order: 'desc' },
        { column: 'posted_at', order: 'desc' },
        { column: 'position', order: 'desc' },
      ]);
      if (caller.role !== 'admin')
        query.where((q) => q.whereNull('expires_on').orWhere('expires_on', '>=', today));
      return toResponses(announcementsView, await query);
    });
  });
}
