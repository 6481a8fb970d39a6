import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readModelOf } from '@building/events/read-models/all-read-models';
import type { ViewName } from '@building/events/read-models/read-model';
import { loadConfig, type Config } from '@building/infra/config';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { missing } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { buildingHistory } from '@building/domain/testing/building-history';
import { startQueryService } from './start-query-service.ts';
import { startProjectorProcess } from './testing/projector-process.ts';
import { jwtSecret } from './testing/query-harness.ts';

/** One sample of a series with exactly these labels, or undefined. */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe.skipIf(missing('postgres'))('the query-service metrics and health', () => {
  let test: TestDatabase;
  let config: Config;
  let url: string;
  let stopService: () => Promise<void>;
  let projector: { stop(): Promise<void> } | null = null;
  let history: ReturnType<typeof buildingHistory>;

  beforeAll(async () => {
    test = await createTestDatabase('metrics');
    await migrateEventStore(test.db);
    config = loadConfig({
      DATABASE_URL: test.url,
      QUERY_PORT: '0',
      JWT_SECRET: jwtSecret,
      METRICS_TOKEN: 'a-metrics-token-for-tests',
      HEALTH_MAX_PROJECTION_LAG: '3',
    });
    projector = await startProjectorProcess(test.url);
    const service = await startQueryService(config, { maxWaitMs: 15_000 });
    stopService = service.stop;
    url = service.url;
    history = buildingHistory(new PostgresEventStore(test.db));
    await history.register('admin@building.test', 'Admin', { admin: true });
    await history.list(1);
  });
  afterAll(async () => {
    await stopService?.();
    await projector?.stop();
    await test?.drop();
  });

  const scrape = async () => {
    const response = await fetch(`${url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };
  /** A view's projection series (labelled with the projection's versioned name). */
  const lagOf = async (view: ViewName) => {
    const projection = readModelOf(view).name;
    const text = await scrape();
    return {
      events: sample(text, 'building_projection_lag_events', `projection="${projection}"`),
      seconds: sample(text, 'building_projection_lag_seconds', `projection="${projection}"`),
    };
  };
  const until = async (done: () => Promise<boolean>) => {
    for (let i = 0; i < 300 && !(await done()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await done()).toBe(true);
  };

  it('times requests by route pattern and status class, and counts cache hits', async () => {
    await fetch(`${url}/apartment`);
    await fetch(`${url}/apartment`);
    await fetch(`${url}/no-such-route`);
    const text = await scrape();
    expect(
      sample(text, 'http_request_duration_seconds_count', 'method="GET",route="/apartment",status="2xx"'),
    ).toBeGreaterThanOrEqual(2);
    expect(
      sample(text, 'http_request_duration_seconds_count', 'method="GET",route="unmatched",status="4xx"'),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^building_read_cache_hits_total \d+/m);
    expect(text).toMatch(/^building_sse_connections \d+/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m); // Node's default metrics
  });

  it("gives every request an id: the caller's when it looks like one, else a new one, never a cached one", async () => {
    const given = await fetch(`${url}/apartment`, { headers: { 'X-Request-Id': 'lb-7f3a9c21' } });
    expect(given.headers.get('x-request-id')).toBe('lb-7f3a9c21');
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(129)]) {
      const made = await fetch(`${url}/apartment`, { headers: { 'X-Request-Id': bad } });
      expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    const [first, second] = [await fetch(`${url}/apartment`), await fetch(`${url}/apartment`)];
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
  });

  it('answers /metrics off loopback only with the token', async () => {
    const forwarded = await fetch(`${url}/metrics`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(forwarded.status).toBe(403);
    expect(forwarded.headers.get('content-type')).toBe('application/problem+json');
    const wrong = await fetch(`${url}/metrics`, { headers: { Authorization: 'Bearer not-the-token' } });
    expect(wrong.status).toBe(403);
    const withToken = await fetch(`${url}/metrics`, {
      headers: { 'X-Forwarded-For': '203.0.113.9', Authorization: 'Bearer a-metrics-token-for-tests' },
    });
    expect(withToken.status).toBe(200);
  });

  it('shows the projection lag at 0 once caught up, rising while a stopped projector holds it back', async () => {
    await until(async () => (await lagOf('apartments')).events === 0);
    expect((await lagOf('apartments')).seconds).toBe(0);
    expect((await fetch(`${url}/health`)).status).toBe(200);

    await projector!.stop();
    projector = null;
    for (let si = 2; si <= 6; si++) await history.list(si);
    const held = await lagOf('apartments');
    expect(held.events).toBe(5);
    expect(held.seconds).toBeGreaterThan(0);
    // Five events behind is beyond the threshold of 3: the health says so, with the projection named.
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({
      status: 'failing',
      checks: {
        database: { status: 'ok' },
        projections: { status: 'failing', detail: expect.stringMatching(/apartments_v\d+ \(5\)/) },
      },
    });

    projector = await startProjectorProcess(test.url);
    await until(async () => (await lagOf('apartments')).events === 0);
    expect((await lagOf('apartments')).seconds).toBe(0);
    expect((await fetch(`${url}/health`)).status).toBe(200);
  });
});
