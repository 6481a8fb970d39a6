import { afterEach, describe, expect, it } from 'vitest';
import { startMetricsPort, startMetricsServer, type MetricsServer } from './metrics-server.ts';
import { onScrape, outboxBacklog } from './metrics.ts';

describe('the metrics port', () => {
  let server: MetricsServer | undefined;
  afterEach(async () => server?.stop());

  it('serves the registry after running the scrape hooks, and stops them with the server', async () => {
    let scrapes = 0;
    const remove = onScrape(async () => {
      scrapes += 1;
      outboxBacklog.set(7);
    });
    server = await startMetricsServer({ name: 'relay', port: 0, host: '127.0.0.1', collectors: [remove] });
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toMatch(/^building_outbox_backlog_events 7$/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes /m);
    await server.stop();
    server = undefined;
    const { renderMetrics } = await import('./metrics.ts');
    await renderMetrics();
    expect(scrapes).toBe(1);
  });

  it('refuses a forwarded caller without the token, and lets the token in', async () => {
    server = await startMetricsServer({
      name: 'mailer',
      port: 0,
      host: '127.0.0.1',
      token: 'sixteen-chars-token',
    });
    const forwarded = { 'X-Forwarded-For': '198.51.100.4' };
    expect((await fetch(`${server.url}/metrics`, { headers: forwarded })).status).toBe(403);
    const bearer = { ...forwarded, Authorization: 'Bearer sixteen-chars-token' };
    expect((await fetch(`${server.url}/metrics`, { headers: bearer })).status).toBe(200);
    expect(
      (await fetch(`${server.url}/metrics`, { headers: { Authorization: 'Bearer wrong' } })).status,
    ).toBe(403);
  });

  it('answers /health with 200 when every check passes, 503 naming the failing one', async () => {
    let databaseUp = true;
    server = await startMetricsServer({
      name: 'projector',
      port: 0,
      host: '127.0.0.1',
      checks: {
        database: async () => {
          if (!databaseUp) throw new Error('connection refused');
        },
        broker: async () => '3 broker(s)',
      },
    });
    const up = await fetch(`${server.url}/health`);
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({
      status: 'ok',
      service: 'projector',
      checks: { database: { status: 'ok' }, broker: { status: 'ok', detail: '3 broker(s)' } },
    });
    databaseUp = false;
    const down = await fetch(`${server.url}/health`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({
      status: 'failing',
      checks: { database: { status: 'failing', detail: 'connection refused' }, broker: { status: 'ok' } },
    });
  });

  it('opens no port when its METRICS_PORT_* is unset, and drops the collectors it was given', async () => {
    let removed = false;
    const none = await startMetricsPort({ HOST: '127.0.0.1' }, 'mailer', undefined, {
      collectors: [() => (removed = true)],
    });
    expect(none).toBeNull();
    expect(removed).toBe(true);
  });
});
