import Router from '@koa/router';
import { tableNamesOf } from '@building/projector/projection';
import { announcements } from '@building/projector/projections/announcements';
import { signedIn } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';

const table = tableNamesOf(announcements).announcements;

/** GET /anouncement (the spec's spelling; signed in): newest first. */
export function announcementRoutes(deps: QueryDeps): Router {
  return new Router().get('/anouncement', signedIn(deps), async (ctx) => {
    ctx.body = await readView(ctx, deps, ['announcements'], {}, async () => {
      const rows = await deps.db(table).orderBy([
        { column: 'posted_at', order: 'desc' },
        { column: 'position', order: 'desc' },
      ]);
      return rows.map((r) => ({ _id: r.announcement_id, title: r.title, description: r.description }));
    });
  });
}
