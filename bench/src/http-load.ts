import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { Pool, type Dispatcher } from 'undici';
import type { Figure } from './benchmark.ts';
import { summarize, ratePerSecond, type LatencySummary } from './stats.ts';

export interface HttpRequestSpec {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface HttpLoadResult {
  requests: number;
  perSecond: number;
  elapsedMs: number;
  latency: LatencySummary;
  /** Every request's latency in ms, to pool runs (pooledLoad). */
  latencies: number[];
  /** Responses per status code; anything but the expected one is a problem worth printing. */
  statuses: Record<number, number>;
}

export interface HttpLoadOptions {
  url: string;
  clients: number;
  durationMs: number;
  /** Sent in turn; `{n}` in a path or body becomes the request's number (unique within the run). */
  requests: HttpRequestSpec[];
}

/**
 * Closed-loop load from a worker thread of its own, so that the clients do not share an event loop
 * with a server under test in this process: see runHttpLoad.
 */
export function httpLoad(options: HttpLoadOptions): Promise<HttpLoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./http-load-worker.ts', import.meta.url), { workerData: options });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the load worker exited with ${code}`)));
  });
}

/**
 * Closed-loop load: `clients` loops, each sending its next request as soon as the previous answer
 * has been read, over keep-alive connections, for `durationMs`. The clients are undici's (one
 * connection each): node:http's client cost about as much CPU per request as the server under
 * test, on the same two cores, where undici's costs about half of that.
 */
export async function runHttpLoad(options: HttpLoadOptions): Promise<HttpLoadResult> {
  const pool = new Pool(new URL(options.url).origin, { connections: options.clients, pipelining: 1 });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  const numbered = (text: string | undefined, n: number) => text?.replaceAll('{n}', String(n));
  try {
    await Promise.all(
      Array.from({ length: options.clients }, async () => {
        while (performance.now() < deadline) {
          const n = next++;
          const template = options.requests[n % options.requests.length]!;
          const t0 = performance.now();
          const response = await pool.request({
            method: (template.method ?? 'GET') as Dispatcher.HttpMethod,
            path: numbered(template.path, n)!,
            headers: template.headers,
            body: numbered(template.body, n),
          });
          await response.body.dump({ limit: Infinity });
          latencies.push(performance.now() - t0);
          statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
        }
      }),
    );
  } finally {
    await pool.destroy();
  }
  const elapsedMs = performance.now() - started;
  return {
    requests: latencies.length,
    perSecond: ratePerSecond(latencies.length, elapsedMs),
    elapsedMs,
    latency: summarize(latencies),
    latencies,
    statuses,
  };
}

/** Several runs as one: their requests over their time together, their latencies pooled. */
export function pooledLoad(runs: readonly HttpLoadResult[]): HttpLoadResult {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const elapsedMs = runs.reduce((sum, run) => sum + run.elapsedMs, 0);
  const latencies = runs.flatMap((run) => run.latencies);
  const statuses: Record<number, number> = {};
  for (const run of runs)
    for (const [status, count] of Object.entries(run.statuses))
      statuses[Number(status)] = (statuses[Number(status)] ?? 0) + count;
  return {
    requests,
    perSecond: ratePerSecond(requests, elapsedMs),
    elapsedMs,
    latency: summarize(latencies),
    latencies,
    statuses,
  };
}

/** One request; resolves with the status once the whole body has been read. */
export function send(agent: http.Agent, base: URL, spec: HttpRequestSpec): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...spec.headers };
    if (spec.body !== undefined) headers['content-length'] = Buffer.byteLength(spec.body);
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: spec.method ?? 'GET',
        path: spec.path,
        headers,
      },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(spec.body);
  });
}

/** Answers outside 2xx (a 304 to a conditional GET counts as success too). */
export function failures(result: HttpLoadResult): number {
  return Object.entries(result.statuses)
    .filter(([status]) => !(Number(status) >= 200 && Number(status) < 300) && status !== '304')
    .reduce((sum, [, count]) => sum + count, 0);
}

/** `200 x 5120, 429 x 3` for the notes. */
export function describeStatuses(statuses: Record<number, number>): string {
  return Object.entries(statuses)
    .map(([status, count]) => `${status} x ${count}`)
    .join(', ');
}

/** A load's p50, p99 (against `p99AtMost`) and its answers outside 2xx (none allowed). */
export function latencyFigures(label: string, result: HttpLoadResult, p99AtMost: number): Figure[] {
  const failed = failures(result);
  return [
    { metric: `${label} p50`, value: result.latency.p50, unit: 'ms' },
    { metric: `${label} p99`, value: result.latency.p99, unit: 'ms', target: { atMost: p99AtMost } },
    {
      metric: `${label} non-2xx`,
      value: failed,
      unit: '',
      target: { atMost: 0 },
      note: failed > 0 ? describeStatuses(result.statuses) : undefined,
    },
  ];
}
