import { warmPool } from '@building/infra/postgres/warm-pool';
import { createLogger, type Logger } from '@building/infra/logging/logger';
import { openRevokedTokens } from '@building/infra/auth/open-revoked-tokens';
import knex from 'knex';
import { readModels } from '@building/events/read-models/all-read-models';
import { collectProjectionLag } from '@building/infra/metrics/collectors';
import type { HealthCheck } from '@building/infra/metrics/health';
import { databaseCheck, projectionLagCheck, redisCheck } from '@building/infra/metrics/health-checks';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Config } from '@building/infra/config';
import { createApp } from './app.ts';
import { createLruCacheStore } from './cache/lru-cache-store.ts';
import { createRedisCacheStore } from './cache/redis-cache-store.ts';
import { createViewCache } from './cache/view-cache.ts';
import { listenForViewChanges } from './live/view-changes.ts';
import { waitForViews } from './read-models/wait-for-views.ts';
import { createMemoryRateLimiter } from '@building/infra/rate-limit/memory-rate-limiter';
import { createRedisRateLimiter } from '@building/infra/rate-limit/redis-rate-limiter';

export const defaultImagesDir = fileURLToPath(new URL('../../infra/assets/apartments/', import.meta.url));

/**
 * Wires the query-service from a Config and listens on HOST:QUERY_PORT (0 = any free port).
 * Cache: Redis when REDIS_URL is set (distributed mode), else in-process.
 */
export async function startQueryService(
  config: Config,
  options: { imagesDir?: string; log?: (line: string) => void; maxWaitMs?: number; logger?: Logger } = {},
): Promise<{ url: string; stop(): Promise<void> }> {
  if (!config.DATABASE_URL) throw new Error('the query-service needs DATABASE_URL');
  if (!config.JWT_SECRET) throw new Error('the query-service needs JWT_SECRET');
  const logger = options.logger ?? createLogger('query-service');
  const connections = 10;
  const db = knex({ client: 'pg', connection: config.DATABASE_URL, pool: { min: 0, max: connections } });
  try {
    // The projector creates the views; started before it, wait for them.
    await waitForViews(db, { log: options.log ?? ((line) => logger.warn(line)) });
    // Before the LISTEN connection takes one of them for good.
    await warmPool(db, connections);
    const changes = await listenForViewChanges(db, { log: options.log });
    const cacheStore = config.REDIS_URL
      ? createRedisCacheStore(config.REDIS_URL, { log: options.log })
      : createLruCacheStore();
    const limiter = config.REDIS_URL
      ? createRedisRateLimiter({ url: config.REDIS_URL })
      : createMemoryRateLimiter();
    const revokedTokens = await openRevokedTokens(config, db, options.log);
    const redisHealth = config.REDIS_URL ? redisCheck(config.REDIS_URL) : null;
    const health: Record<string, HealthCheck> = {
      database: databaseCheck(db),
      projections: projectionLagCheck(db, readModels, config.HEALTH_MAX_PROJECTION_LAG),
    };
    if (redisHealth) health.redis = redisHealth.check;
    // The reader reports the views' lag: it stays up while a projector is stopped or rebuilding.
    const stopLag = collectProjectionLag(db, readModels);
    const app = createApp({
      db,
      revokedTokens,
      jwtSecret: config.JWT_SECRET,
      uiOrigins: config.uiOrigins,
      trustProxyHops: config.TRUST_PROXY,
      streamCaps: { perAddress: config.SSE_MAX_STREAMS_PER_ADDRESS, inTotal: config.SSE_MAX_STREAMS },
      cache: createViewCache(cacheStore, changes.versionOf),
      changes,
      imagesDir: options.imagesDir ?? defaultImagesDir,
      maxWaitMs: options.maxWaitMs,
      reads: { limiter, perMinute: config.RATE_LIMIT_READS_PER_MINUTE },
      log: options.log ?? ((line: string) => logger.error(line)),
      logger,
      metricsToken: config.METRICS_TOKEN,
      health,
    });
    const server = app.listen(config.QUERY_PORT, config.HOST);
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://${config.HOST}:${port}`,
      async stop() {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections(); // live-update streams never end on their own
        await closed;
        stopLag();
        await redisHealth?.close();
        await changes.stop();
        await cacheStore.close();
        await limiter.close?.();
        await revokedTokens.stop();
        await db.destroy();
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
