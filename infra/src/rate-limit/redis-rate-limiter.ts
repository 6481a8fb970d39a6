import { Redis } from 'ioredis';
import type { RateDecision, RateLimit, RateLimiter } from './rate-limiter.ts';

// One round trip, atomic: count the hit, start the window on the first one, report the time left.
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

export interface RedisRateLimiterOptions {
  url: string;
  /** Keeps tests (and several products on one Redis) apart. */
  prefix?: string;
  log?: (message: string, error: unknown) => void;
}

/**
 * Fixed-window counters in Redis, shared by every command-service replica. When Redis is down the
 * limiter lets requests through (and says so): losing the limit for a while beats refusing every write.
 */
export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  const redis = new Redis(options.url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
  });
  const prefix = options.prefix ?? 'building:rate:';
  const log = options.log ?? ((message, error) => console.warn(`[rate-limit] ${message}`, error));
  redis.on('error', () => {}); // reported per hit below; ioredis reconnects by itself
  return {
    async hit(key: string, limit: RateLimit): Promise<RateDecision> {
      const windowMs = limit.windowSeconds * 1000;
      try {
        const [count, ttl] = (await redis.eval(hitScript, 1, `${prefix}${key}`, windowMs)) as [
          number,
          number,
        ];
        return { allowed: count <= limit.points, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
      } catch (error) {
        log('Redis unavailable, not limiting', error);
        return { allowed: true, retryAfterSeconds: 1 };
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
