import { describe, expect, it } from 'vitest';
import type { ViewName } from '@building/events/read-models/read-model';
import { responseOf } from './cached-response.ts';
import { createLruCacheStore } from './lru-cache-store.ts';
import { createViewCache } from './view-cache.ts';

describe('the view cache', () => {
  it('serves a hit until the view position moves, and bypasses the cache for fresh reads', async () => {
    const positions = new Map<ViewName, number>([['coupons', 5]]);
    const cache = createViewCache(createLruCacheStore(), (view) => positions.get(view) ?? 0);
    let loads = 0;
    const load = async () => ({ loads: ++loads });
    const read = async (fresh = false) => {
      const response = await cache.read({ views: ['coupons'], key: '/coupons|user', fresh }, load);
      return JSON.parse(response.body.toString()).loads as number;
    };
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    expect(await read(true)).toBe(2);
    positions.set('coupons', 6);
    expect(await read()).toBe(3);
    expect(await read()).toBe(3);
  });

  it('keeps the serialized bytes and an ETag that names them', async () => {
    const cache = createViewCache(createLruCacheStore(), () => 1);
    const first = await cache.read({ views: ['coupons'], key: 'a' }, async () => [{ code: 'X' }]);
    const again = await cache.read({ views: ['coupons'], key: 'a' }, async () => [{ code: 'other' }]);
    expect(again.body).toBe(first.body); // the very same bytes: nothing re-serialized
    expect(first.body.toString()).toBe('[{"code":"X"}]');
    const sameBytes = await cache.read({ views: ['coupons'], key: 'b' }, async () => [{ code: 'X' }]);
    const otherBytes = await cache.read({ views: ['coupons'], key: 'c' }, async () => [{ code: 'Y' }]);
    expect(sameBytes.etag).toBe(first.etag);
    expect(otherBytes.etag).not.toBe(first.etag);
    expect(first.etag).toMatch(/^"[\w-]+"$/);
  });

  it('the LRU evicts the least recently used entry and expires old ones', async () => {
    let now = 0;
    const lru = createLruCacheStore({ maxEntries: 2, now: () => now });
    const [one, two, three] = [1, 2, 3].map(responseOf);
    await lru.set('a', one!, 10);
    await lru.set('b', two!, 10);
    expect(await lru.get('a')).toBe(one); // a is now the most recent
    await lru.set('c', three!, 10);
    expect(await lru.get('b')).toBeNull();
    expect(await lru.get('a')).toBe(one);
    now = 10_001;
    expect(await lru.get('c')).toBeNull();
  });
});
