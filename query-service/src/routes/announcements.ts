import Router from '@koa/router';
import { announcementsView } from '@building/events/read-models/announcements';
import { tableNames } from '@building/events/read-models/read-model';
import { signedIn } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';
import { toResponses } from '../read-models/to-responses.ts';

const table = tableNames(announcementsView).announcements;

/** GET /anouncement (the spec's spelling; signed in): newest first. */
export function announcementRoutes(deps: QueryDeps): Router {
  return new Router().get('/anouncement', signedIn(deps), async (ctx) => {
    ctx.body = await readView(ctx, deps, ['announcements'], {}, async () =>
      toResponses(
        announcementsView,
        await deps.db(table).orderBy([
          { column: 'posted_at', order: 'desc' },
          { column: 'position', order: 'desc' },
        ]),
      ),
    );
  });
}
