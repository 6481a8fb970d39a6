import { Redis } from 'ioredis';
import type { RevocationStore } from './revoked-tokens.ts';

/** The distributed mode's revocation list: a Redis sorted set scored by expiry. */
export function createRedisRevocationStore(url: string, key = 'building:revoked-tokens'): RevocationStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 1000 });
  redis.on('error', () => {}); // each call reports its own failure; ioredis reconnects by itself
  return {
    async revoke(jti, expiresAt) {
      await redis.zadd(key, expiresAt.getTime(), jti);
    },
    async active(now) {
      await redis.zremrangebyscore(key, '-inf', now.getTime());
      return redis.zrange(key, 0, -1);
    },
    async close() {
      redis.disconnect();
    },
  };
}
