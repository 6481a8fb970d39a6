import Router from '@koa/router';
import { PassThrough } from 'node:stream';
import { readModelOf } from '@building/events/read-models/all-read-models';
import type { ViewChange } from '@building/events/read-models/view-changes';
import { requireCaller, roleFromView, type Caller } from '../auth/caller.ts';
import type { QueryDeps } from '../query-deps.ts';
import { sseConnections } from '@building/infra/metrics/metrics';
import { defaultStreamCaps, streamCaps } from '../protection/stream-caps.ts';

/** Whether `caller` may hear about `change`: admins everything, others public views and their own. */
export function mayHear(change: ViewChange, caller: Caller | null): boolean {
  const audience = readModelOf(change.view).audience;
  if (audience === 'public') return true;
  if (!caller) return false;
  if (caller.role === 'admin' || audience === 'signed-in') return true;
  return audience === 'owner' && change.owner === caller.email;
}

/**
 * GET /events/stream: Server-Sent Events, one `data: { view, position }` per view change the caller
 * may see, so screens refetch without reloading. EventSource cannot set headers, so the token may
 * come as `?access_token=`; without one, only public views are streamed.
 */
export function eventStreamRoutes(deps: QueryDeps): Router {
  const capStreams = streamCaps({ ...defaultStreamCaps, ...deps.streamCaps });
  return new Router().get('/events/stream', capStreams, async (ctx) => {
    const hasToken = Boolean(ctx.get('Authorization') || ctx.query.access_token);
    const caller: Caller | null = hasToken
      ? { ...(await requireCaller(ctx, deps, { allowQueryToken: true })) }
      : null;

    const body = new PassThrough();
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.status = 200;
    ctx.type = 'text/event-stream';
    ctx.set('Cache-Control', 'no-cache, no-transform');
    ctx.set('X-Accel-Buffering', 'no');
    ctx.body = body;
    body.write('retry: 2000\n\n');

    const unsubscribe = deps.changes.subscribe((change) => {
      if (caller && change.view === 'users' && change.owner === caller.email) {
        // The caller's own role changed: later changes are filtered by the new one.
        void roleFromView(deps.db, caller.email).then(
          (role) => (caller.role = role),
          () => {},
        );
      }
      if (mayHear(change, caller))
        body.write(`data: ${JSON.stringify({ view: change.view, position: change.position })}\n\n`);
    });
    const heartbeat = setInterval(() => body.write(': keep-alive\n\n'), deps.heartbeatMs ?? 15_000);
    sseConnections.inc();
    let open = true;
    const close = () => {
      if (!open) return;
      open = false;
      sseConnections.dec();
      clearInterval(heartbeat);
      unsubscribe();
      body.end();
    };
    ctx.req.once('close', close);
    body.once('error', close);
  });
}
