import type Koa from 'koa';

/**
 * Behind N reverse proxies (TRUST_PROXY=N), the client's address is the N-th entry from the right
 * of X-Forwarded-For: Koa reads it with `proxy` on and `maxIpsCount` = N. Off (0, the default),
 * the header is ignored, since anyone can send it: rate limits then key on the socket's address.
 */
export function trustProxy(app: Koa, hops = 0): void {
  app.proxy = hops > 0;
  app.maxIpsCount = hops;
}
