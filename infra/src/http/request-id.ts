import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';

/** What a caller's id may look like: short, printable, nothing a log line could be split on. */
const acceptable = /^[\w.:-]{8,128}$/;

/**
 * Every request gets an id: the caller's `X-Request-Id` when it looks like one (a proxy's or a
 * client's, so both logs can be joined), else a new uuid; kept in `ctx.state.requestId` and sent
 * back on the response.
 */
export function requestId() {
  return async function identifyRequest(ctx: Context, next: Next) {
    const given = ctx.get('X-Request-Id');
    const id = acceptable.test(given) ? given : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    await next();
  };
}
