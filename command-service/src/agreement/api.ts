import Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '@building/events/parse-input';
import { streams } from '@building/events/streams';
import { apartmentAggregate } from '../apartment/apartment.ts';
import { loadAggregate } from '../command-handling/aggregate.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { commandMeta, currentCaller } from '../http/current-caller.ts';
import { emailField, siField } from '../http/fields.ts';
import type { AppDeps } from '../command-deps.ts';
import { agreementAggregate } from './agreement.ts';
import { decideAgreement, type AgreementCommand } from './decide.ts';

/** Only the apartment's si: its details and rent come from its stream, the requester from the token. */
const requestBody = z.object({ si: siField });
const acceptBody = z.object({ si: siField, email: emailField });
/** The apartment in the path (reject, withdraw). */
const rejectPath = z.object({ si: siField });
const rejectWho = z.object({ email: emailField.optional() });

export function agreementRoutes(deps: AppDeps): Router {
  const router = new Router();

  const decideOn = (si: number, command: AgreementCommand, meta: ReturnType<typeof commandMeta>) =>
    handleCommand(
      deps.store,
      {
        load: async () => ({
          agreement: await loadAggregate(deps.store, streams.agreement(si), agreementAggregate),
        }),
        decide: ({ agreement }) => decideAgreement(command, agreement.state),
      },
      meta,
    );

  router.post('/agreement', async (ctx) => {
    const caller = await currentCaller(ctx, deps, { registered: true });
    const { si } = parseInput(requestBody, ctx.request.body);
    const meta = commandMeta(deps, caller);
    const requestId = deps.newId();
    const result = await handleCommand(
      deps.store,
      {
        load: async () => ({
          agreement: await loadAggregate(deps.store, streams.agreement(si), agreementAggregate),
          apartment: await loadAggregate(deps.store, streams.apartment(si), apartmentAggregate),
        }),
        decide: ({ agreement, apartment }) =>
          decideAgreement(
            {
              type: 'RequestAgreement',
              data: {
                requestId,
                apartment: apartment.state.status === 'listed' ? apartment.state.details : null,
                requester: caller,
                now: meta.now,
              },
            },
            agreement.state,
          ),
      },
      meta,
    );
    ctx.body = { insertedId: requestId, position: result.position };
  });

  router.put('/acceptAgreement', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { si, email } = parseInput(acceptBody, ctx.request.body);
    const meta = commandMeta(deps, caller);
    const result = await decideOn(
      si,
      { type: 'AcceptAgreement', data: { si, userEmail: email, by: caller, now: meta.now } },
      meta,
    );
    ctx.body = { modifiedCount: 1, position: result.position };
  });

  /** The signed-in requester withdraws their own pending request for the apartment. */
  router.delete('/agreement/:si', async (ctx) => {
    const caller = await currentCaller(ctx, deps, { registered: true });
    const { si } = parseInput(rejectPath, ctx.params, 'path');
    const meta = commandMeta(deps, caller);
    const result = await decideOn(
      si,
      { type: 'WithdrawAgreement', data: { si, requester: caller, now: meta.now } },
      meta,
    );
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
    const meta = commandMeta(deps, caller);
    const result = await decideOn(
      si,
      { type: 'RejectAgreement', data: { si, userEmail: email ?? null, by: caller } },
      meta,
    );
    ctx.body = { modifiedCount: 1, position: result.position };
  });

  return router;
}
