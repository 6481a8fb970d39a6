import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import { inRequestScope, type Logger, type RequestScope } from '../logging/logger.ts';

/** What a caller's id may look like: short, printable, nothing a log line could be split on. */
const acceptable = /^[\w.:-]{8,128}$/;
const reads = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every request gets an id: the caller's `X-Request-Id` when it looks like one (a proxy's or a
 * client's, so both logs can be joined), else a new uuid; kept in `ctx.state.requestId`, sent
 * back on the response, and on every line logged while the request is handled. With a logger,
 * each write (and each read that failed on our side) is logged once answered, in one line with
 * what its command did (`command`/`command refused`, else `request`); other reads only at debug
 * level, so a page's dozen reads do not drown the commands.
 */
export function requestId(options: { logger?: Logger | undefined } = {}) {
  const { logger } = options;
  return async function identifyRequest(ctx: Context, next: Next) {
    const given = ctx.get('X-Request-Id');
    const id = acceptable.test(given) ? given : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    if (!logger) return next();
    const started = performance.now();
    const scope: RequestScope = { requestId: id };
    await inRequestScope(scope, next);
    const { command } = scope;
    const level = command || !reads.has(ctx.method) || ctx.status >= 500 ? 'info' : 'debug';
    if (!logger.isLevelEnabled(level)) return;
    const route = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
    logger[level](
      {
        requestId: id,
        method: ctx.method,
        route: route === undefined ? 'unmatched' : String(route),
        status: ctx.status,
        ms: Math.round(performance.now() - started),
        ...command?.fields,
      },
      command?.msg ?? 'request',
    );
  };
}
