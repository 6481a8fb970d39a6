import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '@building/infra/rate-limit/memory-rate-limiter';
import { missing } from '@building/infra/testing/infra-availability';
import { createQueryHarness, type QueryHarness } from '../testing/query-harness.ts';

describe.skipIf(missing('postgres'))('conditional reads and the read budget', () => {
  let q: QueryHarness;
  const perMinute = 12;
  beforeAll(async () => {
    q = await createQueryHarness('conditional', {
      reads: { limiter: createMemoryRateLimiter(), perMinute },
    });
  });
  afterAll(() => q?.close());

  it('answers an ETag, then 304 with no body while the view has not changed, and 200 once it has', async () => {
    await q.addCoupon('FIRST');
    const first = await q.get('/couponAvailable');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const unchanged = await q.get('/couponAvailable', { headers: { 'If-None-Match': etag } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect(unchanged.headers.get('x-position')).toBe(first.headers.get('x-position'));

    await q.addCoupon('SECOND');
    const changed = await q.get('/couponAvailable', { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.body.map((c: { code: string }) => c.code)).toEqual(['FIRST', 'SECOND']);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it(`refuses a client address its ${perMinute + 1}th read of the minute with 429 and Retry-After`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < perMinute + 2; i++) statuses.push((await q.get('/apartment')).status);
    // The first test spent some of the budget already: the address is counted, not the route.
    expect(statuses.filter((s) => s === 200).length).toBeLessThan(perMinute);
    const refused = await q.get('/couponAvailable');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.status).toBe(429);
  });
});
