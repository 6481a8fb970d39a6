import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { emailKindSchema, languageSchema } from '@building/events/catalogue';
import { refuse } from '@building/events/domain-error';
import { parseInput } from '@building/events/parse-input';
import { safeText } from '@building/infra/http/safe-text';
import { chooseLanguage, markNotificationsRead, setEmailPreferences } from '@building/domain/user/commands';
import { currentCaller } from '../http/current-caller.ts';
import { emailField } from '../http/fields.ts';
import type { AppDeps } from '../command-deps.ts';

const emailParam = z.object({ email: emailField });
const preferencesBody = z.object({ off: z.array(emailKindSchema).max(20) });
const languageBody = z.object({ language: languageSchema });
const readBody = z.object({ upTo: safeText.pipe(z.iso.datetime({ offset: true })).optional() });

/** The caller's own notification settings: which emails they get, in which language, how far they have read. */
export function notificationRoutes(deps: AppDeps): Router {
  const router = new Router();

  /** The caller, who may change only their own settings. */
  const owner = async (email: string, ctx: Context) => {
    const caller = await currentCaller(ctx, deps);
    if (email !== caller.email) throw refuse('own-profile-only', 'you may change only your own settings');
    return caller;
  };

  // The full list of kinds turned off, each time (PUT: repeating it changes nothing).
  router.put('/users/:email/email-preferences', async (ctx) => {
    const { email } = parseInput(emailParam, ctx.params, 'path');
    const { off } = parseInput(preferencesBody, ctx.request.body);
    const caller = await owner(email, ctx);
    const result = await setEmailPreferences(deps.commands, { off, caller, now: deps.clock() });
    ctx.body = { modifiedCount: result.events.length, position: result.position };
  });

  // The language the person reads in; their emails and receipts follow it.
  router.put('/users/:email/language', async (ctx) => {
    const { email } = parseInput(emailParam, ctx.params, 'path');
    const { language } = parseInput(languageBody, ctx.request.body);
    const caller = await owner(email, ctx);
    const result = await chooseLanguage(deps.commands, { language, caller, now: deps.clock() });
    ctx.body = { modifiedCount: result.events.length, position: result.position };
  });

  // Seen up to `upTo` (the newest notification shown), or up to now.
  router.post('/notifications/read', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const body = parseInput(readBody, ctx.request.body ?? {});
    const upTo = body.upTo ? new Date(body.upTo) : undefined;
    const result = await markNotificationsRead(deps.commands, { upTo, caller, now: deps.clock() });
    ctx.body = { modifiedCount: result.events.length, position: result.position };
  });

  return router;
}
