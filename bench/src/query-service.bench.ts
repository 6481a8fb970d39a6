import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp } from '@building/query-service/app';
import type { CacheStore } from '@building/query-service/cache/cache-store';
import { createLruCacheStore } from '@building/query-service/cache/lru-cache-store';
import { createViewCache } from '@building/query-service/cache/view-cache';
import { listenForViewChanges } from '@building/query-service/live/view-changes';
import { PAGE_SIZE } from '@building/query-service/routes/apartments';
import { defaultImagesDir } from '@building/query-service/start-query-service';
import type { Benchmark, Figure } from './benchmark.ts';
import { freshStore } from './bench-store.ts';
import { describeStatuses, httpLoad, type HttpLoadResult, type HttpRequestSpec } from './http-load.ts';
import { seedLog } from './seed-log/seed-log.ts';
import { catchUpViews } from './views.ts';

const apartments = 120; // 20 pages

interface Route {
  name: string;
  request: (n: number) => HttpRequestSpec;
  /** Targets: requests/s at least, p95 in ms at most. */
  rps: number;
  p95: number;
}
const clients = 20;
const warmMs = 5000;
const coldMs = 2500;

/** The in-process LRU, counting hits, with a switch that turns it into a cache that never hits. */
function instrumentedCache() {
  const lru = createLruCacheStore();
  const stats = { bypass: false, hits: 0, misses: 0 };
  const store: CacheStore = {
    async get(key) {
      const value = stats.bypass ? null : await lru.get(key);
      if (value === null) stats.misses++;
      else stats.hits++;
      return value;
    },
    set: (key, value, ttl) => (stats.bypass ? Promise.resolve() : lru.set(key, value, ttl)),
    close: () => lru.close(),
  };
  return { store, stats };
}

/**
 * The query-service (createApp, in-process cache) over views the projector built from a seeded
 * building: GET /apartment?page=N over every page, and GET /couponAvailable, 20 keep-alive clients
 * each. Measured with the cache warm, then again with a cache that never hits, for the cache's
 * effect. The load generator shares the Node process (and the 2 cores, with Postgres) with the
 * service, so these are lower bounds. Targets, measured first (load average 7-16 from other work):
 * /apartment 131-256 req/s, p95 127-386 ms; /couponAvailable 235-538 req/s, p95 68-164 ms;
 * set a bit below the typical run.
 */
export const queryService: Benchmark = {
  name: 'query-service',
  summary: `GET /apartment?page=N and /couponAvailable, ${clients} clients, cache warm vs bypassed`,
  async run(context) {
    const { db, store } = await freshStore(context, 'query');
    // The routes read apartments and coupons: a few thousand events list over a hundred apartments.
    await seedLog(db, { events: apartments * 35 });
    const projected = await catchUpViews(db, store);
    context.progress(`views built from ${projected} events`);

    const changes = await listenForViewChanges(db, { log: context.progress });
    const cache = instrumentedCache();
    const app = createApp({
      db,
      jwtSecret: 'bench-secret-bench-secret-bench-secret-01',
      uiOrigins: [],
      cache: createViewCache(cache.store, changes.versionOf),
      changes,
      imagesDir: defaultImagesDir,
      log: context.progress,
    });
    const server: Server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const pages = Math.ceil(apartments / PAGE_SIZE);
    const routes: Route[] = [
      {
        name: 'GET /apartment?page=N',
        request: (n) => ({ path: `/apartment?page=${n % pages}` }),
        rps: 150,
        p95: 250,
      },
      { name: 'GET /couponAvailable', request: () => ({ path: '/couponAvailable' }), rps: 200, p95: 200 },
    ];

    try {
      const figures: Figure[] = [];
      for (const route of routes) {
        // Warm: every distinct key once (and the connections' first requests), outside the measurement.
        await httpLoad({ url, clients, durationMs: 300, request: route.request });
        cache.stats.hits = cache.stats.misses = 0;
        context.progress(`${route.name}: cache warm, ${warmMs / 1000} s`);
        const warm = await httpLoad({ url, clients, durationMs: warmMs, request: route.request });
        const hitRatio = cache.stats.hits / Math.max(1, cache.stats.hits + cache.stats.misses);
        cache.stats.bypass = true;
        context.progress(`${route.name}: cache bypassed, ${coldMs / 1000} s`);
        const cold = await httpLoad({ url, clients, durationMs: coldMs, request: route.request });
        cache.stats.bypass = false;
        figures.push(...routeFigures(route, warm, cold, hitRatio));
      }
      return figures;
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await changes.stop();
      await cache.store.close();
    }
  },
};

function routeFigures(route: Route, warm: HttpLoadResult, cold: HttpLoadResult, hitRatio: number): Figure[] {
  const failed = (r: HttpLoadResult) => r.requests - (r.statuses[200] ?? 0);
  return [
    {
      metric: `${route.name} req/s`,
      value: warm.perSecond,
      unit: '/s',
      target: { atLeast: route.rps },
      note: `cache warm, ${(hitRatio * 100).toFixed(1)}% hits, ${warm.requests} requests`,
    },
    { metric: `${route.name} p95`, value: warm.latency.p95, unit: 'ms', target: { atMost: route.p95 } },
    {
      metric: `${route.name} req/s, no cache`,
      value: cold.perSecond,
      unit: '/s',
      note: `the cache gives x${(warm.perSecond / cold.perSecond).toFixed(1)} req/s; p95 without it ${cold.latency.p95.toFixed(1)} ms`,
    },
    {
      metric: `${route.name} non-200 answers`,
      value: failed(warm) + failed(cold),
      unit: '',
      target: { atMost: 0 },
      note:
        failed(warm) + failed(cold) > 0
          ? describeStatuses({ ...warm.statuses, ...cold.statuses })
          : undefined,
    },
  ];
}
