import type { Context, Next } from 'koa';
import type { ViewName } from '@building/events/read-models/read-model';
import type { RateLimit, RateLimiter } from '@building/infra/rate-limit/rate-limiter';
import { readCacheHits } from '@building/infra/metrics/metrics';
import { etagMatches } from './conditional-get.ts';

/** The views a response was read from, each at the version it had before the read (readView). */
export interface ViewsRead {
  views: ViewName[];
  versions: string[];
}

/** The read budget the rest of the chain enforces (rateLimit), for the answers given here. */
export interface ReadBudget {
  limiter: RateLimiter;
  limit: RateLimit;
  keyOf: (ctx: Context) => string;
}

interface Entry extends ViewsRead {
  /** The route pattern the chain matched, for the request metrics of the answers given here. */
  route: string | RegExp | undefined;
  headers: Record<string, string | string[]>;
  body: Buffer;
  etag: string;
  expiresAt: number;
}

/** Headers the chain sets per request rather than per answer. */
const perRequest = new Set(['x-position', 'x-request-id']);

/**
 * Answers a repeated anonymous GET with the headers and bytes the whole middleware chain gave it
 * last time, while every view it was read from is still at the version it had then: a cached
 * listing is most of what a building's visitors ask for, and the chain (CORS, security headers,
 * text checks, routing, params, the view cache) was most of its cost. What the chain does per
 * request is done here too: the read budget is counted (a refused read goes on to the chain,
 * which answers the 429), `X-Position` is the current one, and a matching If-None-Match gets 304.
 * Requests that carry a token or `X-Min-Position` always go through the chain; so does anything
 * not read through readView, or not a 200. Entries are keyed by URL and Origin (CORS headers
 * differ by Origin), live `ttlSeconds` like the view cache's, and take at most `maxBytes`.
 */
export function responseCache(options: {
  versionOf: (view: ViewName) => string;
  position: () => number;
  reads?: ReadBudget;
  ttlSeconds?: number;
  maxBytes?: number;
  clock?: () => number;
}) {
  const ttlMs = (options.ttlSeconds ?? 60) * 1000;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const clock = options.clock ?? Date.now;
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const current = (entry: Entry) =>
    entry.expiresAt > clock() &&
    entry.views.every((view, i) => options.versionOf(view) === entry.versions[i]);

  const allowed = async (ctx: Context) => {
    if (!options.reads) return true;
    try {
      const { limiter, limit, keyOf } = options.reads;
      return (await limiter.hit(keyOf(ctx), limit)).allowed;
    } catch {
      return false; // the chain's own rateLimit meets the same failure and answers it
    }
  };

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };

  const remember = (key: string, ctx: Context) => {
    const read = ctx.state.viewsRead as ViewsRead | undefined;
    const body: unknown = ctx.body;
    const etag = ctx.response.get('ETag');
    if (!read || ctx.status !== 200 || !Buffer.isBuffer(body) || !etag || ctx.response.get('Set-Cookie'))
      return;
    if (body.length > maxBytes / 64) return;
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(ctx.response.headers)) {
      if (!perRequest.has(name) && value !== undefined)
        headers[name] = Array.isArray(value) ? value : String(value);
    }
    forget(key);
    // Oldest first (Map order) until the new entry fits.
    for (const oldest of entries.keys()) {
      if (bytes + body.length <= maxBytes) break;
      forget(oldest);
    }
    const route = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
    entries.set(key, { ...read, route, headers, body, etag, expiresAt: clock() + ttlMs });
    bytes += body.length;
  };

  return async function cachedResponse(ctx: Context, next: Next) {
    const { headers } = ctx.request;
    if (
      maxBytes === 0 ||
      ctx.method !== 'GET' ||
      headers.authorization !== undefined ||
      headers['x-min-position'] !== undefined
    )
      return next();
    const key = `${ctx.url} ${headers.origin ?? ''}`;
    const entry = entries.get(key);
    if (entry && current(entry) && (await allowed(ctx))) {
      readCacheHits.inc();
      (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute = entry.route;
      ctx.set(entry.headers);
      ctx.set('X-Position', String(options.position()));
      ctx.body = entry.body;
      const wanted = headers['if-none-match'];
      if (wanted && etagMatches(wanted, entry.etag)) ctx.status = 304; // Koa drops the body and its headers
      return;
    }
    await next();
    remember(key, ctx);
  };
}

/** Notes, for the response cache, that this request read `views` at the versions they have now. */
export function noteViewsRead(
  ctx: Context,
  views: readonly ViewName[],
  versionOf: (view: ViewName) => string,
): void {
  const read = ((ctx.state.viewsRead as ViewsRead | undefined) ??= { views: [], versions: [] });
  for (const view of views) {
    read.views.push(view);
    read.versions.push(versionOf(view));
  }
}
