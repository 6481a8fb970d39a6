import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { missing } from '../testing/infra-availability.ts';
import { createRedisRateLimiter } from './redis-rate-limiter.ts';

describe.skipIf(missing('redis'))('the Redis rate limiter', () => {
  const prefix = `test:${randomBytes(4).toString('hex')}:`;
  const limiters = [
    createRedisRateLimiter({ url: process.env.REDIS_URL!, prefix }),
    createRedisRateLimiter({ url: process.env.REDIS_URL!, prefix }),
  ];
  afterAll(async () => {
    for (const limiter of limiters) await limiter.close?.();
  });
  const limit = { points: 5, windowSeconds: 30 };

  it('shares one budget between replicas, per key, and says when to come back', async () => {
    const decisions = await Promise.all(
      Array.from({ length: 8 }, (_, i) => limiters[i % 2]!.hit('alice', limit)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
    const refused = decisions.filter((d) => !d.allowed);
    expect(refused).toHaveLength(3);
    for (const d of refused) {
      expect(d.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(d.retryAfterSeconds).toBeLessThanOrEqual(30);
    }
    expect((await limiters[0]!.hit('bob', limit)).allowed).toBe(true);
  });

  it('lets requests through when Redis cannot be reached, and says so', async () => {
    const logged: string[] = [];
    const down = createRedisRateLimiter({
      url: 'redis://127.0.0.1:1',
      prefix,
      log: (message) => logged.push(message),
    });
    try {
      for (let i = 0; i < 3; i++)
        expect((await down.hit('carol', { points: 1, windowSeconds: 30 })).allowed).toBe(true);
      expect(logged.length).toBeGreaterThan(0);
    } finally {
      await down.close?.();
    }
  });
});
