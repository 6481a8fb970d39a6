import Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '@building/events/parse-input';
import { postAnnouncement } from '@building/domain/announcement/commands';
import { currentCaller } from '../http/current-caller.ts';
import { textField } from '../http/fields.ts';
import type { AppDeps } from '../command-deps.ts';

const postBody = z.object({ title: textField(1, 200), description: textField(1, 5000) });

export function announcementRoutes(deps: AppDeps): Router {
  const router = new Router();
  // The spec's path keeps its spelling.
  router.post('/anouncement', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { title, description } = parseInput(postBody, ctx.request.body);
    const announcementId = deps.newId();
    const result = await postAnnouncement(deps.commands, {
      announcementId,
      title,
      description,
      caller,
      now: deps.clock(),
    });
    ctx.body = { insertedId: announcementId, position: result.position };
  });
  return router;
}
