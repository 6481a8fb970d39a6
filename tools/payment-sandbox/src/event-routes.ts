import Router from '@koa/router';
import { z } from 'zod';
import { secretKeyOnly } from './api-keys.ts';
import { listPage, listParams } from './list-params.ts';
import { expandParam, parseParams } from './params.ts';
import type { SandboxState } from './sandbox-context.ts';
import type { SandboxDeps } from './sandbox-deps.ts';
import { invalidRequest } from './stripe-error.ts';

const listEventsParams = z.strictObject({
  type: z.string().optional(),
  ...listParams,
  expand: expandParam,
});

/** Stripe's events API, plus the sandbox's own `/_sandbox` routes to inspect and re-deliver webhooks. */
export function eventRoutes(deps: SandboxDeps): Router<SandboxState> {
  const router = new Router<SandboxState>();
  router.use(secretKeyOnly());

  router.get('/v1/events', (ctx) => {
    const params = parseParams(listEventsParams, ctx.state.params);
    ctx.body = listPage(deps.store.listEvents({ type: params.type }), params, '/v1/events', 'event');
  });

  router.get('/v1/events/:id', (ctx) => {
    ctx.body = deps.store.event(ctx.params.id as string);
  });

  router.get('/_sandbox/events/:id', (ctx) => {
    const event = deps.store.event(ctx.params.id as string);
    ctx.body = { event, webhook_attempts: deps.webhooks.attempts(event.id) };
  });

  // Delivers an event again, whatever its type: how tests prove that webhook handling is idempotent.
  router.post('/_sandbox/events/:id/resend', (ctx) => {
    const event = deps.store.event(ctx.params.id as string);
    if (!deps.webhooks.url) throw invalidRequest('The payment sandbox has no webhook URL to deliver to.');
    deps.webhooks.deliver(event);
    ctx.status = 202;
    ctx.body = { id: event.id, object: 'event', resent: true, webhook_url: deps.webhooks.url };
  });

  return router;
}
