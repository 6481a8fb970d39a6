import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '@building/infra/rate-limit/memory-rate-limiter';
import { missing } from '@building/infra/testing/infra-availability';
import { createLruCacheStore } from '../cache/lru-cache-store.ts';
import type { CacheStore } from '../cache/cache-store.ts';
import { createQueryHarness, uiOrigin, type QueryHarness, type Reply } from '../testing/query-harness.ts';

/** The view cache's store, counting the reads that reach it (a whole cached answer never does). */
function countingStore(): CacheStore & { gets: number } {
  const inner = createLruCacheStore();
  const store = {
    gets: 0,
    get: (key: string) => {
      store.gets++;
      return inner.get(key);
    },
    set: inner.set.bind(inner),
    close: inner.close.bind(inner),
  };
  return store;
}

/** The headers of an answer that do not change from one request to the next. */
/** Headers that belong to the request, not to the kept answer. */
const stable = (reply: Reply) =>
  Object.fromEntries(
    [...reply.headers].filter(([name]) => !['date', 'x-position', 'x-request-id'].includes(name)),
  );

describe.skipIf(missing('postgres'))('whole answers kept for repeated anonymous reads', () => {
  let q: QueryHarness;
  const store = countingStore();
  const perMinute = 40;
  beforeAll(async () => {
    q = await createQueryHarness('response_cache', {
      cacheStore: store,
      reads: { limiter: createMemoryRateLimiter(), perMinute },
    });
    await q.addCoupon('FIRST');
  });
  afterAll(() => q?.close());

  it('answers a repeated read with the same bytes and headers, without reading the view again', async () => {
    const first = await q.get('/couponAvailable', { headers: { Origin: uiOrigin } });
    const gets = store.gets;
    const again = await q.get('/couponAvailable', { headers: { Origin: uiOrigin } });
    expect(store.gets).toBe(gets);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(stable(again)).toEqual(stable(first));
    expect(again.headers.get('access-control-allow-origin')).toBe(uiOrigin);
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
    expect(again.headers.get('x-position')).toBe(first.headers.get('x-position'));
    // A kept answer never hands out the request id of the read that filled it.
    expect(again.headers.get('x-request-id')).toBeTruthy();
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  });

  it('reads the view again once it has moved on', async () => {
    await q.get('/couponAvailable');
    await q.addCoupon('SECOND');
    const gets = store.gets;
    const moved = await q.get('/couponAvailable');
    expect(store.gets).toBe(gets + 1);
    expect(moved.body.map((c: { code: string }) => c.code)).toEqual(['FIRST', 'SECOND']);
    expect(Number(moved.headers.get('x-position'))).toBeGreaterThan(0);
  });

  it('keeps the CORS headers of each Origin apart', async () => {
    const other = await q.get('/couponAvailable', { headers: { Origin: 'http://elsewhere.test' } });
    const ui = await q.get('/couponAvailable', { headers: { Origin: uiOrigin } });
    const otherAgain = await q.get('/couponAvailable', { headers: { Origin: 'http://elsewhere.test' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(otherAgain.headers.get('access-control-allow-origin')).toBeNull();
    expect(ui.headers.get('access-control-allow-origin')).toBe(uiOrigin);
  });

  it('answers 304 to a matching If-None-Match, as the chain does', async () => {
    const first = await q.get('/couponAvailable');
    const gets = store.gets;
    const unchanged = await q.get('/couponAvailable', {
      headers: { 'If-None-Match': first.headers.get('etag')! },
    });
    expect(store.gets).toBe(gets);
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(unchanged.headers.get('content-length')).toBeNull();
  });

  it('never keeps or serves an answer to a request with a token or X-Min-Position', async () => {
    await q.get('/couponAvailable');
    const gets = store.gets;
    await q.get('/couponAvailable', { as: 'visitor@building.test' });
    await q.get('/couponAvailable', { as: 'visitor@building.test' });
    expect(store.gets).toBe(gets + 2);
    const position = (await q.get('/couponAvailable')).headers.get('x-position')!;
    const fresh = await q.get('/couponAvailable', { headers: { 'X-Min-Position': position } });
    expect(fresh.status).toBe(200);
    // X-Min-Position reads past every cache (the view cache included).
    expect(store.gets).toBe(gets + 2);
  });

  it('still counts every answer against the read budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < perMinute + 2; i++) statuses.push((await q.get('/couponAvailable')).status);
    const refused = await q.get('/couponAvailable', { headers: { Origin: uiOrigin } });
    expect(statuses.at(-1)).toBe(429);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('access-control-allow-origin')).toBe(uiOrigin);
  });
});
