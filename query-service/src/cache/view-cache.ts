import type { ViewName } from '@building/events/read-models/read-model';
import { readCacheHits, readCacheMisses } from '@building/infra/metrics/metrics';
import type { CacheStore } from './cache-store.ts';
import { responseOf, type CachedResponse } from './cached-response.ts';

/**
 * Caches query results keyed by route + params + role + the versions (position and rebuild
 * generation) of the views they read. Projection progress and rebuild swaps change a view's
 * version (views_changed), which changes the key: stale entries are never read again and expire
 * on their own. Reads that must see a given write (X-Min-Position) bypass the cache. What is
 * cached is the serialized answer with its ETag: a hit is sent as it is, never parsed again.
 */
export interface ViewCache {
  read(
    request: { views: readonly ViewName[]; key: string; fresh?: boolean },
    load: () => Promise<unknown>,
  ): Promise<CachedResponse>;
}

export function createViewCache(
  store: CacheStore,
  versionOf: (view: ViewName) => string | number,
  ttlSeconds = 60,
): ViewCache {
  return {
    async read(request, load) {
      if (request.fresh) return responseOf(await load());
      const key = `building:q:${request.key}@${request.views.map((v) => `${v}=${versionOf(v)}`).join(',')}`;
      const hit = await store.get(key);
      if (hit !== null) {
        readCacheHits.inc();
        return hit;
      }
      readCacheMisses.inc();
      const response = responseOf(await load());
      await store.set(key, response, ttlSeconds);
      return response;
    },
  };
}
