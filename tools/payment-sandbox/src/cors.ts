import type { Middleware } from 'koa';

/**
 * Lets the browser call the sandbox the way Stripe.js calls Stripe: from any origin, with a bearer
 * publishable key (no cookies, so `*` is safe).
 */
export function cors(): Middleware {
  return async function allowCrossOrigin(ctx, next) {
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Access-Control-Expose-Headers', 'Request-Id, Idempotent-Replayed');
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
      ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type, Idempotency-Key, Stripe-Version');
      ctx.set('Access-Control-Allow-Private-Network', 'true');
      ctx.set('Access-Control-Max-Age', '600');
      ctx.status = 204;
      return;
    }
    await next();
  };
}
