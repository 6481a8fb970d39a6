import Router from '@koa/router';
import { z } from 'zod';
import { refuse } from '@building/events/domain-error';
import { parseInput } from '@building/events/parse-input';
import { demoteMember, recordProfile } from '@building/domain/user/commands';
import { currentCaller, signedIn } from '../http/current-caller.ts';
import { emailField, textField, webUrlField } from '../http/fields.ts';
import type { AppDeps } from '../command-deps.ts';

const emailParam = z.object({ email: emailField });

/** The profile a person records for themself; a `role` sent along is ignored (roles are the server's). */
const profileBody = z.object({
  email: emailField.optional(),
  name: textField(0, 200).nullish(),
  photoURL: z.union([webUrlField, z.literal('')]).nullish(),
});

export function userRoutes(deps: AppDeps): Router {
  const router = new Router();

  router.post('/users/:email', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { emailVerified } = await signedIn(ctx, deps);
    const { email } = parseInput(emailParam, ctx.params, 'path');
    const body = parseInput(profileBody, ctx.request.body);
    if (email !== caller.email || (body.email !== undefined && body.email !== caller.email))
      throw refuse('own-profile-only', 'you may record only your own profile');
    const result = await recordProfile(deps.commands, {
      profile: { email, name: body.name ?? undefined, photoURL: body.photoURL ?? undefined },
      isAdminEmail: deps.adminEmails.includes(email) && emailVerified === true,
      caller,
      now: deps.clock(),
    });
    const registeredNow = result.events.some((e) => e.type === 'UserRegistered');
    ctx.body = { insertedId: registeredNow ? email : null, position: result.position };
  });

  router.patch('/memberRemove/:email', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { email } = parseInput(emailParam, ctx.params, 'path');
    const result = await demoteMember(deps.commands, { email, caller, now: deps.clock() });
    ctx.body = { modifiedCount: 1, position: result.position };
  });

  return router;
}
