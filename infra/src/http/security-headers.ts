import type { Context, Next } from 'koa';
import helmet from 'koa-helmet';

/**
 * helmet's headers, worked out once and then set as a fixed list: with no CSP nonces they are the
 * same for every response, and running helmet's middleware chain per request cost a measurable
 * share of a cached read (see the bench README).
 */
export function securityHeaders(options: Parameters<typeof helmet>[0]) {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
    getHeader: (name: string) => headers[name],
  };
  // helmet sets its headers synchronously, before it calls on.
  void helmet(options)({ req: { headers: {} }, res } as unknown as Context, async () => {});
  return async function secure(ctx: Context, next: Next) {
    ctx.set(headers);
    await next();
  };
}
