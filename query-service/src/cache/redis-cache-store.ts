import { Redis } from 'ioredis';
import type { CacheStore } from './cache-store.ts';
import { responseOfBytes } from './cached-response.ts';

/**
 * Redis as the response cache (distributed mode). A cache outage must degrade to direct reads:
 * commands fail fast (no offline queue, short timeouts), failures count as misses, and the outage
 * is logged once, then once more when Redis is back.
 */
export function createRedisCacheStore(
  url: string,
  options: { log?: (line: string) => void } = {},
): CacheStore {
  const log = options.log ?? ((line) => console.warn(`[query-cache] ${line}`));
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 500,
    commandTimeout: 250,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    lazyConnect: false,
  });
  let down = false;
  const failed = (error: unknown) => {
    if (down) return;
    down = true;
    log(
      `Redis unavailable, reading without the cache: ${error instanceof Error ? error.message : String(error)}`,
    );
  };
  redis.on('error', failed);
  redis.on('ready', () => {
    if (down) log('Redis is back');
    down = false;
  });
  return {
    async get(key) {
      try {
        // Redis holds the bytes alone (shared with other replicas); the ETag is recomputed from them.
        const body = await redis.getBuffer(key);
        return body ? responseOfBytes(body) : null;
      } catch (error) {
        failed(error);
        return null;
      }
    },
    async set(key, value, ttlSeconds) {
      try {
        await redis.set(key, value.body, 'EX', ttlSeconds);
      } catch (error) {
        failed(error);
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
