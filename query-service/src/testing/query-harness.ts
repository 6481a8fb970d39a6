import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signAccessToken } from '@building/infra/auth/access-token';
import { createPostgresRevocationStore } from '@building/infra/auth/postgres-revocation-store';
import { watchRevokedTokens } from '@building/infra/auth/revoked-tokens';
import { createApp, type QueryDeps } from '../app.ts';
import type { CacheStore } from '../cache/cache-store.ts';
import { createLruCacheStore } from '../cache/lru-cache-store.ts';
import { createViewCache } from '../cache/view-cache.ts';
import { listenForViewChanges, type ViewChanges } from '../live/view-changes.ts';
import { createProjectedViews, type Views } from './projected-views.ts';

export const jwtSecret = 'query-service-test-secret-0123456789abcdef';
export const uiOrigin = 'http://ui.building.test';

export interface Reply {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests compare whole bodies
}

/**
 * Test support: views (a fresh database, a history writer, catchUp; by default built by the
 * projector as its own process, see projected-views.ts) plus the query-service on a free port, and
 * `get(path, { as })` which signs a token for `as`. A test above the services may bring its own
 * views (`views`), e.g. with the projector in-process to apply events in an order of its choosing.
 */
export async function createQueryHarness<V extends Views = Views>(
  label: string,
  options: Pick<
    QueryDeps,
    'maxWaitMs' | 'log' | 'reads' | 'streamCaps' | 'trustProxyHops' | 'responseCacheBytes'
  > & {
    cacheStore?: CacheStore;
    views?: (label: string) => Promise<V>;
  } = {},
) {
  const views = (await (options.views ?? createProjectedViews)(label)) as V;
  const changes: ViewChanges = await listenForViewChanges(views.db, { log: options.log });
  const cacheStore = options.cacheStore ?? createLruCacheStore();
  const imagesDir = mkdtempSync(join(tmpdir(), 'building-images-'));
  writeFileSync(join(imagesDir, 'apartment-1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // Reloaded often, so tests see a sign-out on another instance quickly.
  const revokedTokens = await watchRevokedTokens(await createPostgresRevocationStore(views.db), {
    refreshMs: 200,
  });
  const app = createApp({
    db: views.db,
    revokedTokens,
    jwtSecret,
    uiOrigins: [uiOrigin],
    cache: createViewCache(cacheStore, changes.versionOf),
    changes,
    imagesDir,
    maxWaitMs: options.maxWaitMs,
    reads: options.reads,
    heartbeatMs: 200,
    streamCaps: options.streamCaps,
    trustProxyHops: options.trustProxyHops,
    responseCacheBytes: options.responseCacheBytes,
    log: options.log,
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Waits until the query-service has heard (NOTIFY) that `view` reached `position`. */
  const heard = async (view: Parameters<ViewChanges['positionOf']>[0], position: number) => {
    for (let i = 0; i < 200 && changes.positionOf(view) < position; i++)
      await new Promise((r) => setTimeout(r, 10));
    if (changes.positionOf(view) < position) throw new Error(`never heard ${view} reach ${position}`);
  };
  const tokenFor = (email: string, ttlSeconds = 3600) =>
    signAccessToken({ email, uid: `uid-${email}` }, jwtSecret, ttlSeconds);
  return {
    ...views,
    views,
    changes,
    url,
    tokenFor,
    revokedTokens,
    async get(
      path: string,
      request: { as?: string; token?: string; headers?: Record<string, string> } = {},
    ): Promise<Reply> {
      const headers: Record<string, string> = { ...request.headers };
      const token = request.token ?? (request.as ? await tokenFor(request.as) : undefined);
      if (token) headers.Authorization = `Bearer ${token}`;
      const response = await fetch(`${url}${path}`, { headers });
      const text = await response.text();
      const type = response.headers.get('content-type') ?? '';
      return {
        status: response.status,
        headers: response.headers,
        body: type.includes('json') ? JSON.parse(text) : text,
      };
    },
    /** Adds a coupon through the log and waits until the query-service has heard of it. */
    async addCoupon(code: string, discount = 10) {
      const { position } = await views.history.addCoupon(code, discount);
      await views.catchUp();
      await heard('coupons', position);
    },
    heard,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await changes.stop();
      await cacheStore.close();
      await revokedTokens.stop();
      await views.drop();
    },
  };
}
export type QueryHarness<V extends Views = Views> = Awaited<ReturnType<typeof createQueryHarness<V>>>;
