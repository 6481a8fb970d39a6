import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { emailKindSchema } from '@building/events/catalogue';
import { refuse } from '@building/events/domain-error';
import { parseInput } from '@building/events/parse-input';
import { streams } from '@building/events/streams';
import { safeText } from '@building/infra/http/safe-text';
import { loadAggregate } from '../command-handling/aggregate.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { commandMeta, currentCaller } from '../http/current-caller.ts';
import { emailField } from '../http/fields.ts';
import type { AppDeps } from '../command-deps.ts';
import { decideUser, type UserCommand } from './decide.ts';
import { userAggregate } from './user.ts';

const emailParam = z.object({ email: emailField });
const preferencesBody = z.object({ off: z.array(emailKindSchema).max(20) });
const readBody = z.object({ upTo: safeText.pipe(z.iso.datetime({ offset: true })).optional() });

/** The caller's own notification settings: which emails they get, how far they have read. */
export function notificationRoutes(deps: AppDeps): Router {
  const router = new Router();

  const decideOwn = async (email: string, ctx: Context, command: (now: Date) => UserCommand) => {
    const caller = await currentCaller(ctx, deps);
    if (email !== caller.email) throw refuse('own-profile-only', 'you may change only your own settings');
    const stream = streams.user(email);
    const meta = commandMeta(deps, caller);
    return handleCommand(
      deps.store,
      {
        load: async () => ({ user: await loadAggregate(deps.store, stream, userAggregate) }),
        decide: ({ user }) => decideUser(command(meta.now), user.state),
      },
      meta,
    );
  };

  // The full list of kinds turned off, each time (PUT: repeating it changes nothing).
  router.put('/users/:email/email-preferences', async (ctx) => {
    const { email } = parseInput(emailParam, ctx.params, 'path');
    const { off } = parseInput(preferencesBody, ctx.request.body);
    const result = await decideOwn(email, ctx, () => ({ type: 'SetEmailPreferences', data: { email, off } }));
    ctx.body = { modifiedCount: result.events.length, position: result.position };
  });

  // Seen up to `upTo` (the newest notification shown), or up to now.
  router.post('/notifications/read', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const body = parseInput(readBody, ctx.request.body ?? {});
    const result = await decideOwn(caller.email, ctx, (now) => ({
      type: 'MarkNotificationsRead',
      data: { email: caller.email, upTo: body.upTo ? new Date(body.upTo) : now, now },
    }));
    ctx.body = { modifiedCount: result.events.length, position: result.position };
  });

  return router;
}
