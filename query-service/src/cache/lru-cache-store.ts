import type { CacheStore } from './cache-store.ts';
import type { CachedResponse } from './cached-response.ts';

/**
 * A small in-process LRU with expiry (a Map keeps insertion order: re-inserting marks use). It holds
 * the responses themselves: a hit costs no copy and no parse.
 */
export function createLruCacheStore(options: { maxEntries?: number; now?: () => number } = {}): CacheStore {
  const maxEntries = options.maxEntries ?? 500;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: CachedResponse; expiresAt: number }>();
  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return null;
      entries.delete(key);
      if (entry.expiresAt <= now()) return null;
      entries.set(key, entry);
      return entry.value;
    },
    async set(key, value, ttlSeconds) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlSeconds * 1000 });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    async close() {
      entries.clear();
    },
  };
}
