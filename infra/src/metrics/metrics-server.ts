import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsAllowed } from './metrics-access.ts';
import { metricsContentType, renderMetrics } from './metrics.ts';
import type { HealthCheck } from './health.ts';
import { healthReport } from './health.ts';

export interface MetricsServer {
  url: string;
  stop(): Promise<void>;
}

function send(response: ServerResponse, status: number, type: string, body: string) {
  response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  response.end(body);
}

/**
 * The metrics port of a process without an HTTP API of its own (projector, outbox relay, mailer,
 * reminder scheduler): `GET /metrics` (loopback or the token) and `GET /health` (its dependencies,
 * 200 or 503). Port 0 picks a free one.
 */
export async function startMetricsServer(options: {
  name: string;
  port: number;
  host: string;
  token?: string;
  checks?: Record<string, HealthCheck>;
  /** Scrape hooks' removals (collectors.ts), run by `stop`. */
  collectors?: Array<() => void>;
  log?: (line: string) => void;
}): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (request.method !== 'GET') return send(response, 405, 'text/plain', 'GET only\n');
    if (path === '/health')
      return void healthReport(options.name, options.checks ?? {}).then((report) =>
        send(response, report.status === 'ok' ? 200 : 503, 'application/json', JSON.stringify(report)),
      );
    if (path !== '/metrics') return send(response, 404, 'text/plain', 'GET /metrics or /health\n');
    if (!metricsAllowed(request, options.token))
      return send(response, 403, 'text/plain', 'the metrics answer on loopback, or with the metrics token\n');
    renderMetrics(options.log).then(
      (text) => send(response, 200, metricsContentType, text),
      (error: unknown) => send(response, 500, 'text/plain', `${String(error)}\n`),
    );
  });
  const removeCollectors = () => options.collectors?.forEach((remove) => remove());
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => (removeCollectors(), reject(error)));
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host}:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        removeCollectors();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A worker's metrics port from its setting (METRICS_PORT_*): none when the setting is unset (the
 * collectors are then removed at once), else on HOST with METRICS_TOKEN.
 */
export async function startMetricsPort(
  config: { HOST: string; METRICS_TOKEN?: string },
  name: string,
  port: number | undefined,
  options: { checks?: Record<string, HealthCheck>; collectors?: Array<() => void> } = {},
): Promise<MetricsServer | null> {
  if (port === undefined) {
    options.collectors?.forEach((remove) => remove());
    return null;
  }
  return startMetricsServer({ name, port, host: config.HOST, token: config.METRICS_TOKEN, ...options });
}
