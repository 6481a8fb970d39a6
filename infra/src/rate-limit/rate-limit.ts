import type { Context, Next } from 'koa';
import { tooManyRequests } from '../http/problem.ts';
import { rateLimitedTotal } from '../metrics/metrics.ts';
import type { RateLimit, RateLimiter } from './rate-limiter.ts';

/** The limit's class is its keys' prefix (`write:`, `write-ip:` -> write; `jwt:`, `read-ip:` -> read). */
const classOf = (key: string) => key.slice(0, Math.max(0, key.indexOf(':'))).replace(/-ip$/, '') || 'other';

/** Refuses with 429 (and Retry-After, set by the problem middleware) once `keyOf(ctx)` spent its budget. */
export function rateLimit(
  limiter: RateLimiter,
  limit: RateLimit,
  keyOf: (ctx: Context) => string | Promise<string>,
) {
  return async function limitRate(ctx: Context, next: Next) {
    const key = await keyOf(ctx);
    const decision = await limiter.hit(key, limit);
    if (!decision.allowed) {
      rateLimitedTotal.inc({ class: classOf(key) });
      throw tooManyRequests(decision.retryAfterSeconds);
    }
    await next();
  };
}
