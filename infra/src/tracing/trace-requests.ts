import type { Context, Next } from 'koa';
import { context, propagation } from '@opentelemetry/api';
import { inSpan, isRead, requestUntraced, SpanKind, tracingOn, untraced } from './tracing.ts';

/**
 * A server span per request, continuing the caller's trace when it sends a W3C `traceparent`,
 * named by the route pattern once the router has matched it (`PATCH /rejectAgreement/:si`). The
 * commands, reads and appends the request makes are its children. With tracing off: nothing.
 */
export function traceRequests() {
  return async function traceRequest(ctx: Context, next: Next) {
    if (!tracingOn()) return next();
    // A read left out just runs (it makes no span of its own: a context for it cost cached reads a
    // fifth of their CPU); a command left out runs where its command and append make none either.
    if (!ctx.get('traceparent') && requestUntraced(ctx.method))
      return isRead(ctx.method) ? next() : untraced(next);
    const parent = propagation.extract(context.active(), ctx.headers);
    await inSpan(
      `${ctx.method}`,
      async (span) => {
        await next();
        const route = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
        span?.updateName(`${ctx.method} ${route === undefined ? 'unmatched' : String(route)}`);
        span?.setAttribute('http.response.status_code', ctx.status);
        if (ctx.state.requestId) span?.setAttribute('request.id', String(ctx.state.requestId));
      },
      { kind: SpanKind.SERVER, parent, attributes: { 'http.request.method': ctx.method } },
    );
  };
}
