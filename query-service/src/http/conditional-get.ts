import type { Context, Next } from 'koa';

/**
 * A GET whose If-None-Match names the answer's ETag gets 304 and no body: the client already has
 * these bytes (Koa drops the body of a 304). Compared here rather than with Koa's `ctx.fresh`,
 * which answers in full whenever the request says `Cache-Control: no-cache` (as fetch() does once
 * it sends If-None-Match itself): that directive tells caches to ask the origin, and this is it.
 */
export function conditionalGet() {
  return async function notModified(ctx: Context, next: Next) {
    await next();
    if (ctx.status !== 200 || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return;
    const etag = ctx.response.get('ETag');
    const wanted = ctx.get('If-None-Match');
    if (etag && wanted && etagMatches(wanted, etag)) ctx.status = 304;
  };
}

/** Weak comparison (RFC 9110 §13.1.2): `W/` prefixes do not matter, `*` matches anything. */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
