import type { Context, Next } from 'koa';
import { metricsAllowed } from './metrics-access.ts';
import { httpRequestDuration, metricsContentType, renderMetrics } from './metrics.ts';

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** The route pattern a router matched (`/apartments/:id`), never the raw path: bounded labels. */
function routeOf(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  if (matched === undefined) return ctx.path === '/metrics' ? '/metrics' : 'unmatched';
  return String(matched);
}

/**
 * Times every request into http_request_duration_seconds and answers `GET /metrics` (loopback or
 * METRICS_TOKEN). Mounted first, so it sees the status the problem middleware settled on.
 */
export function httpMetrics(options: { token?: string; log?: (line: string) => void } = {}) {
  return async function measureRequest(ctx: Context, next: Next) {
    if (ctx.path === '/metrics' && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      if (!metricsAllowed(ctx.req, options.token)) {
        ctx.status = 403;
        ctx.type = 'application/problem+json';
        ctx.body = {
          type: 'about:blank',
          title: 'Forbidden',
          status: 403,
          detail: 'the metrics answer on loopback, or with the metrics token',
        };
        return;
      }
      ctx.type = metricsContentType;
      ctx.body = await renderMetrics(options.log);
      return;
    }
    const stop = httpRequestDuration.startTimer();
    try {
      await next();
    } finally {
      stop({ method: ctx.method, route: routeOf(ctx), status: statusClass(ctx.status) });
    }
  };
}
