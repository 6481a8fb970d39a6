import { createWriteStream } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import Router from '@koa/router';
import { createLogger } from '@building/infra/logging/logger';
import { startTracing } from '@building/infra/tracing/tracing';
import { createMemoryRateLimiter } from '@building/infra/rate-limit/memory-rate-limiter';
import { createApp } from '@building/query-service/app';
import { createLruCacheStore } from '@building/query-service/cache/lru-cache-store';
import { createViewCache } from '@building/query-service/cache/view-cache';
import { listenForViewChanges } from '@building/query-service/live/view-changes';
import { PAGE_SIZE } from '@building/query-service/routes/apartments';
import { defaultImagesDir } from '@building/query-service/start-query-service';
import type { BenchContext, Benchmark, Figure } from './benchmark.ts';
import { freshStore } from './bench-store.ts';
import { httpLoad, latencyFigures, type HttpLoadResult } from './http-load.ts';
import { startOtlpSink } from './otlp-sink.ts';
import { seedLog } from './seed-log/seed-log.ts';
import { median } from './stats.ts';
import { catchUpViews } from './views.ts';
import { wrkInstalled, wrkLoad, type WrkResult } from './wrk-load.ts';

const apartments = 120; // 20 pages
const connections = 100;
const durationMs = 5000;
/** The instrumentation's off / on pairs, and each turn's length. */
const pairs = 8;
const turnMs = 2000;

/** Listens on a free port; resolves with its URL and a closer. */
async function serve(handler: http.RequestListener) {
  const server = http.createServer(handler).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The cached listing (GET /apartment?page=N over all 20 pages, the in-process cache warm) from the
 * query-service's createApp, against bare node:http serving the very same bytes per path, and
 * Koa + @koa/router serving them (the framework's own ceiling), in the same run: 100 keep-alive
 * connections from a worker thread, 5 s each, bare measured before and after (their mean is the
 * ratio's base). The servers share this process, the load its own thread. Then the same app with
 * the instrumentation off and on, eight pairs of 2-second turns. Targets are the issue's.
 */
export const listing: Benchmark = {
  name: 'listing',
  summary: `GET /apartment?page=N, ${connections} connections: query-service vs bare node:http, same bytes`,
  async run(context) {
    const { db, store } = await freshStore(context, 'listing');
    // About 35 events an apartment: as many apartments (20 pages) as the listing needs.
    await seedLog(db, { events: apartments * 35 });
    context.progress(`views built from ${await catchUpViews(db, store)} events`);
    const changes = await listenForViewChanges(db, { log: context.progress });
    const limiter = createMemoryRateLimiter();
    const appWith = (logger?: ReturnType<typeof createLogger>) =>
      createApp({
        db,
        jwtSecret: 'bench-secret-bench-secret-bench-secret-01',
        uiOrigins: [],
        cache: createViewCache(createLruCacheStore(), changes.versionOf),
        changes,
        imagesDir: defaultImagesDir,
        // The read budget is on the path (as in production), wide enough for one load generator.
        reads: { limiter, perMinute: 1_000_000_000 },
        log: context.progress,
        logger,
      });
    const app = appWith();
    // The same app with the instrumentation on: JSON logs (reads at debug, so none at info) and a
    // span for the default share of reads (TRACE_READS_RATIO), sent to a stand-in collector.
    const instrumented = appWith(createLogger('query-service', createWriteStream('/dev/null')));
    const sink = await startOtlpSink();
    const paths = Array.from(
      { length: Math.ceil(apartments / PAGE_SIZE) },
      (_, page) => `/apartment?page=${page}`,
    );
    const servers: Array<{ close(): Promise<void> }> = [];
    try {
      const service = await serve(app.callback());
      servers.push(service);
      const bytes = new Map<string, Buffer>();
      for (const path of paths)
        bytes.set(path, Buffer.from(await (await fetch(`${service.url}${path}`)).arrayBuffer()));
      const bare = await serve((req, res) => {
        const body = bytes.get(req.url!)!;
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': body.length,
        });
        res.end(body);
      });
      servers.push(bare);
      const koa = new Koa();
      const router = new Router().get('/apartment', (ctx) => {
        ctx.type = 'application/json';
        ctx.body = bytes.get(ctx.url);
      });
      koa.use(router.routes()).use(router.allowedMethods());
      const koaRouter = await serve(koa.callback());
      servers.push(koaRouter);

      const requests = paths.map((path) => ({ path }));
      const load = async (label: string, url: string) => {
        await httpLoad({ url, clients: connections, durationMs: 500, requests });
        context.progress(`${label}: ${connections} connections for ${durationMs / 1000} s`);
        // The servers run on this thread and nothing else does meanwhile: its CPU time per
        // request is their cost, unlike req/s (or the event loop's busy time, which counts the
        // moments the thread waited for a core) not swayed by what else the machine runs.
        const cpuBefore = process.threadCpuUsage();
        const result = await httpLoad({ url, clients: connections, durationMs, requests });
        const cpu = process.threadCpuUsage(cpuBefore);
        return { ...result, busyMicros: (cpu.user + cpu.system) / result.requests };
      };
      const bareBefore = await load('bare node:http', bare.url);
      const framework = await load('Koa + @koa/router', koaRouter.url);
      const listed = await load('query-service', service.url);
      const bareAfter = await load('bare node:http again', bare.url);
      const withInstrumentation = await serve(instrumented.callback());
      servers.push(withInstrumentation);
      // The instrumentation's cost: off and on in turn, short turns many times over (ABBA), so
      // that both meet the same neighbours. Tracing runs only in the on turns; the turn counts
      // the export of its spans, not the tracer's start and stop (a server's, once a process:
      // 4 - 20 ms of CPU, a few us a request of a 2-second turn).
      process.env.OTEL_EXPORTER_OTLP_ENDPOINT = sink.url;
      const turn = async (on: boolean) => {
        const tracing = on ? startTracing('query-service') : undefined;
        const before = process.threadCpuUsage();
        const result = await httpLoad({
          url: on ? withInstrumentation.url : service.url,
          clients: connections,
          durationMs: turnMs,
          requests,
        });
        await tracing?.flush();
        const cpu = process.threadCpuUsage(before);
        await tracing?.stop();
        return { ...result, busyMicros: (cpu.user + cpu.system) / result.requests };
      };
      context.progress(`instrumentation off and on in turn: ${pairs} pairs of ${turnMs / 1000} s`);
      for (const on of [false, true]) await turn(on); // a warm-up of each
      const pairsMeasured: Array<{ off: Measured; on: Measured }> = [];
      for (let pair = 0; pair < pairs; pair++) {
        const first = await turn(pair % 2 === 1);
        const second = await turn(pair % 2 === 0);
        pairsMeasured.push(pair % 2 === 0 ? { off: first, on: second } : { off: second, on: first });
      }
      if (sink.exports() === 0) throw new Error('instrumentation on, yet no span reached the collector');
      return [
        ...listingFigures(listed, [bareBefore, bareAfter], framework),
        ...(await wrkRuns(context, service.url, bare.url, paths)),
        ...instrumentationFigures(pairsMeasured, sink.exports()),
      ];
    } finally {
      await sink.stop();
      for (const server of servers) await server.close();
      await changes.stop();
      await limiter.close?.();
    }
  },
};

type Measured = HttpLoadResult & { busyMicros: number };

/** On / off in each pair: req/s, and this thread's CPU per request (less swayed by the neighbours). */
function instrumentationFigures(measured: Array<{ off: Measured; on: Measured }>, exports: number): Figure[] {
  const rates = measured.map(({ off, on }) => on.perSecond / off.perSecond);
  const cpu = measured.map(({ off, on }) => on.busyMicros / off.busyMicros);
  const list = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ');
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  return [
    {
      metric: 'listing req/s, instrumentation on / off',
      value: median(rates),
      unit: 'x',
      target: { atLeast: 0.95 },
      note: `median of ${measured.length} pairs of ${turnMs / 1000} s in turn (${list(rates)}); on ${Math.round(mean(measured.map((m) => m.on.perSecond)))}/s, off ${Math.round(mean(measured.map((m) => m.off.perSecond)))}/s; logs, spans of the default share of reads sent to a collector (${exports} exports)`,
    },
    {
      metric: 'server CPU per listing request, instrumentation on / off',
      value: median(cpu),
      unit: 'x',
      target: { atMost: 1.05 },
      note: `median of the pairs (${list(cpu)}); ${median(measured.map((m) => m.on.busyMicros)).toFixed(1)} against ${median(measured.map((m) => m.off.busyMicros)).toFixed(1)} us (this thread's CPU per request)`,
    },
  ];
}

function listingFigures(listed: Measured, bare: Measured[], framework: Measured): Figure[] {
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const bareRate = mean(bare.map((b) => b.perSecond));
  const bareBusy = mean(bare.map((b) => b.busyMicros));
  return [
    {
      metric: 'listing / bare node:http',
      value: listed.perSecond / bareRate,
      unit: 'x',
      target: { atLeast: 0.6 },
      note: `Koa + @koa/router with the same bytes: x${(framework.perSecond / bareRate).toFixed(2)} (p99 ${framework.latency.p99.toFixed(1)} ms)`,
    },
    { metric: 'listing req/s', value: listed.perSecond, unit: '/s', note: `${listed.requests} requests` },
    ...latencyFigures('listing', listed, 10),
    {
      metric: 'bare node:http req/s',
      value: bareRate,
      unit: '/s',
      note: `before ${Math.round(bare[0]!.perSecond)}, after ${Math.round(bare[1]!.perSecond)}; p99 ${bare.map((b) => b.latency.p99.toFixed(1)).join(' / ')} ms`,
    },
    {
      metric: 'server CPU per listing request',
      value: listed.busyMicros,
      unit: 'us',
      note: `bare node:http ${bareBusy.toFixed(0)} us, Koa + @koa/router ${framework.busyMicros.toFixed(0)} us: x${(bareBusy / listed.busyMicros).toFixed(2)} and x${(bareBusy / framework.busyMicros).toFixed(2)} of bare by this measure`,
    },
  ];
}

/** wrk -t2 -c100 in its own process: bare, the query-service, bare again (skipped without wrk). */
async function wrkRuns(context: BenchContext, serviceUrl: string, bareUrl: string, paths: string[]) {
  if (!wrkInstalled()) {
    context.progress('wrk not installed: skipped');
    return [{ metric: 'listing with wrk', value: 0, unit: '', note: 'wrk not installed: skipped' }];
  }
  const wrk = async (label: string, url: string) => {
    context.progress(`wrk -t2 -c${connections}: ${label} for ${durationMs / 1000} s`);
    return wrkLoad({ url, paths, connections, durationMs });
  };
  const bare = [await wrk('bare node:http', bareUrl)];
  const listed = await wrk('query-service', serviceUrl);
  bare.push(await wrk('bare node:http again', bareUrl));
  return wrkFigures(listed, bare);
}

function wrkFigures(listed: WrkResult, bare: WrkResult[]): Figure[] {
  const bareRate = bare.reduce((sum, b) => sum + b.perSecond, 0) / bare.length;
  const failed = listed.non2xx + listed.socketErrors;
  return [
    {
      metric: 'listing / bare node:http (wrk -t2 -c100)',
      value: listed.perSecond / bareRate,
      unit: 'x',
      target: { atLeast: 0.6 },
      note: `${Math.round(listed.perSecond)} vs bare ${bare.map((b) => Math.round(b.perSecond)).join(' / ')} req/s`,
    },
    { metric: 'listing p50 (wrk)', value: listed.p50, unit: 'ms' },
    {
      metric: 'listing p99 (wrk)',
      value: listed.p99,
      unit: 'ms',
      target: { atMost: 10 },
      note: `bare p99 ${bare.map((b) => b.p99.toFixed(1)).join(' / ')} ms`,
    },
    {
      metric: 'listing non-2xx (wrk)',
      value: failed,
      unit: '',
      target: { atMost: 0 },
      note: failed > 0 ? `${listed.non2xx} non-2xx, ${listed.socketErrors} socket errors` : undefined,
    },
  ];
}
