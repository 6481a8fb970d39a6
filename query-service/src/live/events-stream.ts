import Router from '@koa/router';
import type { Context } from 'koa';
import { PassThrough } from 'node:stream';
import type { VerifiedAccess } from '@building/infra/auth/access-token';
import { streamTickets, streamTicketTtlSeconds } from '@building/infra/auth/stream-ticket';
import { badRequest, unauthorized } from '@building/infra/http/problem';
import { sseConnections } from '@building/infra/metrics/metrics';
import { readModelOf } from '@building/events/read-models/all-read-models';
import type { ViewChange } from '@building/events/read-models/view-changes';
import { requireCaller, roleFromView, type Caller } from '../auth/caller.ts';
import type { QueryDeps } from '../query-deps.ts';
import { defaultStreamCaps, streamCaps } from '../protection/stream-caps.ts';

/**
 * Whether `caller` may hear about `change`: admins everything, others public views and their own.
 * A change of an owner's view that belongs to no one account (an announcement, told to every
 * resident) is heard by everyone signed in: it says only that the view moved.
 */
export function mayHear(change: ViewChange, caller: Caller | null): boolean {
  const audience = readModelOf(change.view).audience;
  if (audience === 'public') return true;
  if (!caller) return false;
  if (caller.role === 'admin' || audience === 'signed-in') return true;
  return audience === 'owner' && (change.owner === null || change.owner === caller.email);
}

/** A signed-in stream: who listens, and the access token whose life bounds the stream's. */
interface Listener {
  caller: Caller;
  accessJti: string;
  accessExpiresAt: Date;
}

/**
 * GET /events/ticket (with `Authorization: Bearer`): a ticket that opens one stream, for
 * EventSource, which cannot send headers (so no access token goes into an address).
 * GET /events/stream[?ticket=]: Server-Sent Events, one `data: { view, position, correlationId }` per
 * view change the caller may see (the id of the command behind it, for tracing), so screens refetch without reloading; without a ticket (or a bearer header),
 * only public views are streamed. A signed-in stream ends when its access token expires or is
 * signed out (checked before each change and at each keep-alive).
 */
export function eventStreamRoutes(deps: QueryDeps): Router {
  const capStreams = streamCaps({ ...defaultStreamCaps, ...deps.streamCaps });
  const tickets = streamTickets(deps.jwtSecret, deps.revokedTokens);

  const listenerOf = async (ctx: Context): Promise<Listener | null> => {
    if (ctx.query.access_token !== undefined)
      throw badRequest('access_token: tokens do not go in addresses; open the stream with a ticket', [
        { field: 'access_token', message: 'use GET /events/ticket, then ?ticket=' },
      ]);
    const ticket = ctx.query.ticket;
    if (ticket !== undefined) {
      const granted = typeof ticket === 'string' ? await tickets.redeem(ticket) : null;
      if (!granted) throw unauthorized('the stream ticket is invalid, used or expired');
      const caller = { email: granted.email, role: await roleFromView(deps.db, granted.email) };
      return { caller, accessJti: granted.accessJti, accessExpiresAt: granted.accessExpiresAt };
    }
    if (!ctx.get('Authorization')) return null;
    const caller = { ...(await requireCaller(ctx, deps)) };
    const access = ctx.state.access as VerifiedAccess;
    return { caller, accessJti: access.jti, accessExpiresAt: access.expiresAt };
  };

  return new Router()
    .get('/events/ticket', async (ctx) => {
      await requireCaller(ctx, deps);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        ticket: await tickets.issue(ctx.state.access as VerifiedAccess),
        expiresIn: streamTicketTtlSeconds,
      };
    })
    .get('/events/stream', capStreams, async (ctx) => {
      const listener = await listenerOf(ctx);
      const caller = listener?.caller ?? null;

      const body = new PassThrough();
      ctx.req.socket.setTimeout(0);
      ctx.req.socket.setNoDelay(true);
      ctx.status = 200;
      ctx.type = 'text/event-stream';
      ctx.set('Cache-Control', 'no-cache, no-transform');
      ctx.set('X-Accel-Buffering', 'no');
      ctx.body = body;
      body.write('retry: 2000\n\n');

      const signedOut = () =>
        listener !== null &&
        (Date.now() >= listener.accessExpiresAt.getTime() ||
          deps.revokedTokens?.has(listener.accessJti) === true);
      const unsubscribe = deps.changes.subscribe((change) => {
        if (signedOut()) return close();
        if (caller && change.view === 'users' && change.owner === caller.email) {
          // The caller's own role changed: later changes are filtered by the new one.
          void roleFromView(deps.db, caller.email).then(
            (role) => (caller.role = role),
            () => {},
          );
        }
        if (mayHear(change, caller)) {
          const { view, position, correlationId } = change;
          body.write(`data: ${JSON.stringify({ view, position, correlationId })}\n\n`);
        }
      });
      const heartbeat = setInterval(
        () => (signedOut() ? close() : body.write(': keep-alive\n\n')),
        deps.heartbeatMs ?? 15_000,
      );
      // Timers hold at most 2^31 - 1 ms; a longer token is caught by the keep-alive check.
      const expiry =
        listener && setTimeout(close, Math.min(listener.accessExpiresAt.getTime() - Date.now(), 2 ** 31 - 1));
      sseConnections.inc();
      let closed = false;
      function close() {
        if (closed) return;
        closed = true;
        sseConnections.dec();
        clearInterval(heartbeat);
        if (expiry) clearTimeout(expiry);
        unsubscribe();
        body.end();
      }
      ctx.req.once('close', close);
      body.once('error', close);
    });
}
