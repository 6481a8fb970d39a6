import Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '@building/events/parse-input';
import { editAnnouncement, postAnnouncement } from '@building/domain/announcement/commands';
import { currentCaller } from '../http/current-caller.ts';
import { dateField, idField, textField } from '../http/fields.ts';
import type { AppDeps } from '../command-deps.ts';

/** `pinned` shows it above the others; `expiresOn` (a Dhaka date) is the last day residents see it. */
const body = z.object({
  title: textField(1, 200),
  description: textField(1, 5000),
  pinned: z.boolean().default(false),
  expiresOn: dateField.nullable().default(null),
});
const idPath = z.object({ id: idField });

export function announcementRoutes(deps: AppDeps): Router {
  const router = new Router();
  // The spec's path keeps its spelling.
  router.post('/anouncement', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const terms = parseInput(body, ctx.request.body);
    const announcementId = deps.newId();
    const result = await postAnnouncement(deps.commands, {
      announcementId,
      ...terms,
      caller,
      now: deps.clock(),
    });
    ctx.body = { insertedId: announcementId, position: result.position };
  });
  // The whole announcement as it should stand: words, pin and expiry (absent: unpinned, no expiry).
  router.put('/anouncement/:id', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { id } = parseInput(idPath, ctx.params, 'path');
    const terms = parseInput(body, ctx.request.body);
    const result = await editAnnouncement(deps.commands, {
      announcementId: id,
      ...terms,
      caller,
      now: deps.clock(),
    });
    ctx.body = { modifiedCount: result.events.length > 0 ? 1 : 0, position: result.position };
  });
  return router;
}
