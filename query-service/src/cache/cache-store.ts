import type { CachedResponse } from './cached-response.ts';

/** Where cached responses live: in-process (embedded mode) or Redis (distributed mode). */
export interface CacheStore {
  /** The cached response, or null when absent or when the store is unreachable. */
  get(key: string): Promise<CachedResponse | null>;
  /** Best effort: a store that cannot be reached just does not cache. */
  set(key: string, value: CachedResponse, ttlSeconds: number): Promise<void>;
  close(): Promise<void>;
}
