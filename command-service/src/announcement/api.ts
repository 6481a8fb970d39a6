import Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '@building/events/parse-input';
import { streams } from '@building/events/streams';
import { loadAggregate } from '../command-handling/aggregate.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { commandMeta, currentCaller } from '../http/current-caller.ts';
import { textField } from '../http/fields.ts';
import type { AppDeps } from '../command-deps.ts';
import { announcementAggregate } from './announcement.ts';
import { decideAnnouncement } from './decide.ts';

const postBody = z.object({ title: textField(1, 200), description: textField(1, 5000) });

export function announcementRoutes(deps: AppDeps): Router {
  const router = new Router();
  // The spec's path keeps its spelling.
  router.post('/anouncement', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { title, description } = parseInput(postBody, ctx.request.body);
    const announcementId = deps.newId();
    const stream = streams.announcement(announcementId);
    const result = await handleCommand(
      deps.store,
      {
        load: async () => ({ announcement: await loadAggregate(deps.store, stream, announcementAggregate) }),
        decide: ({ announcement }) =>
          decideAnnouncement(
            { type: 'PostAnnouncement', data: { announcementId, title, description, by: caller } },
            announcement.state,
          ),
      },
      commandMeta(deps, caller),
    );
    ctx.body = { insertedId: announcementId, position: result.position };
  });
  return router;
}
