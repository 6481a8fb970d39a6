import Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '@building/events/parse-input';
import {
  acceptAgreement,
  rejectAgreement,
  requestAgreement,
  withdrawAgreement,
} from '@building/domain/agreement/commands';
import { currentCaller } from '../http/current-caller.ts';
import { emailField, siField } from '../http/fields.ts';
import type { AppDeps } from '../command-deps.ts';

/** Only the apartment's si: its details and rent come from its stream, the requester from the token. */
const requestBody = z.object({ si: siField });
const acceptBody = z.object({ si: siField, email: emailField });
/** The apartment in the path (reject, withdraw). */
const rejectPath = z.object({ si: siField });
const rejectWho = z.object({ email: emailField.optional() });

export function agreementRoutes(deps: AppDeps): Router {
  const router = new Router();
  const { commands } = deps;

  router.post('/agreement', async (ctx) => {
    const caller = await currentCaller(ctx, deps, { registered: true });
    const { si } = parseInput(requestBody, ctx.request.body);
    const requestId = deps.newId();
    const result = await requestAgreement(commands, { si, requestId, caller, now: deps.clock() });
    ctx.body = { insertedId: requestId, position: result.position };
  });

  router.put('/acceptAgreement', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { si, email } = parseInput(acceptBody, ctx.request.body);
    const result = await acceptAgreement(commands, {
      si,
      email,
      caller,
      now: deps.clock(),
      depositMonths: deps.depositMonths,
    });
    ctx.body = { modifiedCount: 1, position: result.position };
  });

  /** The signed-in requester withdraws their own pending request for the apartment. */
  router.delete('/agreement/:si', async (ctx) => {
    const caller = await currentCaller(ctx, deps, { registered: true });
    const { si } = parseInput(rejectPath, ctx.params, 'path');
    const result = await withdrawAgreement(commands, { si, caller, now: deps.clock() });
    ctx.body = { modifiedCount: 1, position: result.position };
  });

  /**
   * The requester's email comes in the body or the query. The original client sends neither: then
   * the apartment's only pending request is rejected (409 naming them when there are several).
   */
  router.patch('/rejectAgreement/:si', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { si } = parseInput(rejectPath, ctx.params, 'path');
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const { email } = parseInput(rejectWho, { email: body.email ?? ctx.query.email }, 'body or query');
    const result = await rejectAgreement(commands, { si, email: email ?? null, caller, now: deps.clock() });
    ctx.body = { modifiedCount: 1, position: result.position };
  });

  return router;
}
