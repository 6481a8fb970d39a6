import type { ViewName } from '@building/events/read-models/read-model';
import type { CacheStore } from './cache-store.ts';

/**
 * Caches query results keyed by route + params + role + the versions (position and rebuild
 * generation) of the views they read. Projection progress and rebuild swaps change a view's
 * version (views_changed), which changes the key: stale entries are never read again and expire
 * on their own. Reads that must see a given write
 * (X-Min-Position) bypass the cache.
 */
export interface ViewCache {
  read<T>(
    request: { views: readonly ViewName[]; key: string; fresh?: boolean },
    load: () => Promise<T>,
  ): Promise<T>;
}

export function createViewCache(
  store: CacheStore,
  versionOf: (view: ViewName) => string | number,
  ttlSeconds = 60,
): ViewCache {
  return {
    async read(request, load) {
      if (request.fresh) return load();
      const key = `building:q:${request.key}@${request.views.map((v) => `${v}=${versionOf(v)}`).join(',')}`;
      const hit = await store.get(key);
      if (hit !== null) return JSON.parse(hit) as never;
      const value = await load();
      await store.set(key, JSON.stringify(value), ttlSeconds);
      return value;
    },
  };
}
