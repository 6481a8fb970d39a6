import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missing } from '@building/infra/testing/infra-availability';
import { createQueryHarness, type QueryHarness } from '../testing/query-harness.ts';
import { createRedisCacheStore } from './redis-cache-store.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const redisServerMissing = (() => {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return false;
  } catch {
    return true;
  }
})();

// A Redis of this test's own (never the machine's on 6379), so it can be stopped mid-test.
describe.skipIf(missing('postgres') || missing('redis') || redisServerMissing)(
  'the Redis cache and its outage',
  () => {
    let port: number;
    let q: QueryHarness;
    let probe: Redis;
    let running = false;
    const logs: string[] = [];

    beforeAll(async () => {
      port = await freePort();
      execFileSync('redis-server', [
        '--port',
        String(port),
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'yes',
      ]);
      running = true;
      probe = new Redis(port, '127.0.0.1', {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      for (let i = 0; i < 50; i++) {
        try {
          await probe.connect();
          break;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      q = await createQueryHarness('cache_redis', {
        cacheStore: createRedisCacheStore(`redis://127.0.0.1:${port}`, { log: (line) => logs.push(line) }),
        // Every read reaches the view cache: no whole answers kept in front of it.
        responseCacheBytes: 0,
      });
    });
    afterAll(async () => {
      probe?.disconnect();
      if (running) execFileSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave']);
      await q?.close();
    });

    const codes = async () => (await q.get('/couponAvailable')).body.map((c: { code: string }) => c.code);

    it('caches reads in Redis, keyed by the views position, so projection progress invalidates them', async () => {
      await q.addCoupon('ONE');
      expect(await codes()).toEqual(['ONE']);
      const keys = await probe.keys('building:q:/couponAvailable*');
      expect(keys).toHaveLength(1);

      // The answer really comes from Redis while the view has not moved...
      await probe.set(keys[0]!, JSON.stringify([{ code: 'FROM-REDIS' }]), 'EX', 60);
      expect(await codes()).toEqual(['FROM-REDIS']);
      // ...and a change to the view makes a new key, read fresh.
      await q.addCoupon('TWO');
      expect(await codes()).toEqual(['ONE', 'TWO']);
    });

    it('keeps answering correctly, without the cache, when Redis stops', async () => {
      execFileSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave']);
      running = false;
      expect(await codes()).toEqual(['ONE', 'TWO']);
      await q.addCoupon('THREE');
      expect(await codes()).toEqual(['ONE', 'TWO', 'THREE']);
      const apartments = await q.get('/apartment?page=0');
      expect(apartments.status).toBe(200);
      expect(await codes()).toEqual(['ONE', 'TWO', 'THREE']);
      expect(logs.filter((line) => line.includes('Redis unavailable'))).toHaveLength(1);
    });
  },
);
