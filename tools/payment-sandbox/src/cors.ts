import type { Middleware } from 'koa';

/**
 * Lets the UI's pages call the sandbox the way Stripe.js calls Stripe, with a bearer publishable
 * key: exactly the configured origins get CORS headers, so other pages' browsers refuse the answers.
 */
export function cors(allowedOrigins: readonly string[]): Middleware {
  const allowed = new Set(allowedOrigins);
  return async function allowCrossOrigin(ctx, next) {
    ctx.vary('Origin');
    if (!allowed.has(ctx.get('Origin'))) {
      if (ctx.method === 'OPTIONS' && ctx.get('Origin')) {
        ctx.status = 403;
        return;
      }
      return next();
    }
    ctx.set('Access-Control-Allow-Origin', ctx.get('Origin'));
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
