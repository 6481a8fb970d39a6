import { describe, expect, it } from 'vitest';
import type { ViewName } from '@building/events/read-models/read-model';
import { createLruCacheStore } from './lru-cache-store.ts';
import { createViewCache } from './view-cache.ts';

describe('the view cache', () => {
  it('serves a hit until the view position moves, and bypasses the cache for fresh reads', async () => {
    const positions = new Map<ViewName, number>([['coupons', 5]]);
    const cache = createViewCache(createLruCacheStore(), (view) => positions.get(view) ?? 0);
    let loads = 0;
    const load = async () => ++loads;
    const read = (fresh = false) => cache.read({ views: ['coupons'], key: '/coupons|user', fresh }, load);
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    expect(await read(true)).toBe(2);
    positions.set('coupons', 6);
    expect(await read()).toBe(3);
    expect(await read()).toBe(3);
  });

  it('the LRU evicts the least recently used entry and expires old ones', async () => {
    let now = 0;
    const lru = createLruCacheStore({ maxEntries: 2, now: () => now });
    await lru.set('a', '1', 10);
    await lru.set('b', '2', 10);
    expect(await lru.get('a')).toBe('1'); // a is now the most recent
    await lru.set('c', '3', 10);
    expect(await lru.get('b')).toBeNull();
    expect(await lru.get('a')).toBe('1');
    now = 10_001;
    expect(await lru.get('c')).toBeNull();
  });
});
