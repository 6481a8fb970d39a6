import type { Context, Next } from 'koa';
import { tooManyRequests } from '../http/problem.ts';
import type { RateLimit, RateLimiter } from './rate-limiter.ts';

/** Refuses with 429 (and Retry-After, set by the problem middleware) once `keyOf(ctx)` spent its budget. */
export function rateLimit(
  limiter: RateLimiter,
  limit: RateLimit,
  keyOf: (ctx: Context) => string | Promise<string>,
) {
  return async function limitRate(ctx: Context, next: Next) {
    const decision = await limiter.hit(await keyOf(ctx), limit);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
    await next();
  };
}
