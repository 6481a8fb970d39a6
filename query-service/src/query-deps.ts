import type { Logger } from '@building/infra/logging/logger';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { HealthCheck } from '@building/infra/metrics/health';
import type { RevocationCheck } from '@building/infra/auth/access-token';
import type { ViewName } from '@building/events/read-models/read-model';
import type { RateLimiter } from '@building/infra/rate-limit/rate-limiter';
import type { Caller } from './auth/caller.ts';
import type { ViewCache } from './cache/view-cache.ts';
import type { ViewChanges } from './live/view-changes.ts';
import { noteViewsRead } from './http/response-cache.ts';
import type { StreamCaps } from './protection/stream-caps.ts';

/** What createApp needs; start-query-service.ts wires the real ones. */
export interface QueryDeps {
  db: Knex;
  jwtSecret: string;
  /** Signed-out tokens (the command-service's POST /logout); without it, tokens only expire. */
  revokedTokens?: RevocationCheck;
  uiOrigins: readonly string[];
  cache: ViewCache;
  changes: ViewChanges;
  /** Reverse proxies in front of the service (TRUST_PROXY): 0 ignores X-Forwarded-For. */
  trustProxyHops?: number;
  /** Where the apartment images are served from. */
  imagesDir: string;
  /** Reads per client address per minute (429 beyond); none when absent. */
  reads?: { limiter: RateLimiter; perMinute: number };
  /** Bytes of whole answers kept for repeated anonymous GETs (default 32 MiB; 0 keeps none). */
  responseCacheBytes?: number;
  /** Read-your-writes bound (default 2000 ms). */
  maxWaitMs?: number;
  /** Live-update stream caps (defaults: defaultStreamCaps). */
  streamCaps?: Partial<StreamCaps>;
  /** SSE keep-alive comment interval (default 15 s). */
  heartbeatMs?: number;
  /** Opens /metrics to callers off this machine (METRICS_TOKEN). */
  metricsToken?: string;
  /** What GET /health checks (default: the database). */
  health?: Record<string, HealthCheck>;
  log?: (line: string) => void;
  /** Where requests are logged (structured, with their ids); none: not logged. */
  logger?: Logger;
}

/**
 * Reads a view through the cache, keyed by route, its validated params and the caller's role
 * (responses differ by role, e.g. /coupons). Answers the JSON bytes to put in `ctx.body`, with
 * the type and ETag set (conditionalGet turns a matching If-None-Match into a 304).
 */
export async function readView(
  ctx: Context,
  deps: QueryDeps,
  views: readonly ViewName[],
  params: Record<string, unknown>,
  load: () => Promise<unknown>,
): Promise<Buffer> {
  const role = (ctx.state.caller as Caller | undefined)?.role ?? 'anonymous';
  const key = `${ctx.path}|${JSON.stringify(params)}|${role}`;
  noteViewsRead(ctx, views, deps.changes.versionOf);
  const response = await deps.cache.read({ views, key, fresh: ctx.state.fresh === true }, load);
  ctx.type = 'application/json';
  ctx.set('ETag', response.etag);
  return response.body;
}
