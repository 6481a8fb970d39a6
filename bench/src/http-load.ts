import http from 'node:http';
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
  latency: LatencySummary;
  /** Responses per status code; anything but the expected one is a problem worth printing. */
  statuses: Record<number, number>;
}

/**
 * Closed-loop load: `clients` loops, each sending its next request as soon as the previous answer
 * has been read, over keep-alive connections, for `durationMs`. `request(n)` builds the n-th request.
 */
export async function httpLoad(options: {
  url: string;
  clients: number;
  durationMs: number;
  request: (n: number) => HttpRequestSpec;
}): Promise<HttpLoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
  const base = new URL(options.url);
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  try {
    await Promise.all(
      Array.from({ length: options.clients }, async () => {
        while (performance.now() < deadline) {
          const spec = options.request(next++);
          const t0 = performance.now();
          const status = await send(agent, base, spec);
          latencies.push(performance.now() - t0);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  const elapsedMs = performance.now() - started;
  return {
    requests: latencies.length,
    perSecond: ratePerSecond(latencies.length, elapsedMs),
    latency: summarize(latencies),
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

/** `200 x 5120, 429 x 3` for the notes. */
export function describeStatuses(statuses: Record<number, number>): string {
  return Object.entries(statuses)
    .map(([status, count]) => `${status} x ${count}`)
    .join(', ');
}
