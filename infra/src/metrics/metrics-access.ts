import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `/metrics` is not public: it answers a caller on this machine (a loopback socket that no proxy
 * forwarded), or one that sends `METRICS_TOKEN` as a bearer token (Prometheus in docker-compose).
 * The socket's address is read, never X-Forwarded-For, which any client can write.
 */
export function metricsAllowed(request: IncomingMessage, token: string | undefined): boolean {
  const authorization = request.headers.authorization;
  if (token && authorization) return timingSafeEqual(digest(authorization), digest(`Bearer ${token}`));
  return loopback.has(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined;
}
