import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@building/ports/ports';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { buildingHistory } from '@building/domain/testing/building-history';
import { missing } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { freeStackPorts } from './stack-ports.ts';
import { startStack } from './start-stack.ts';
import type { Stack } from './start/stack-report.ts';

/** Debian's `prometheus` (apt): .ci/run installs it; without it the test skips, or fails under REQUIRE_INFRA. */
const prometheusMissing = () => {
  if (spawnSync('prometheus', ['--version']).status === 0) return false;
  if (process.env.REQUIRE_INFRA === '1')
    throw new Error('prometheus is not installed (apt-get install prometheus)');
  console.warn('\n!!! SKIPPED: no prometheus binary for this test file (apt-get install prometheus)\n');
  return true;
};

/** A scrape config with one job per server, as ops/prometheus.yml has for docker-compose. */
function scrapeConfig(targets: Record<string, string>): string {
  const jobs = Object.entries(targets).map(([job, at]) => {
    const url = new URL(at);
    return `  - job_name: ${job}\n    metrics_path: ${url.pathname}\n    static_configs:\n      - targets: ['${url.host}']`;
  });
  return `global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n${jobs.join('\n')}\n`;
}

describe.skipIf(missing('postgres') || prometheusMissing())("Prometheus scraping npm start's servers", () => {
  let test: TestDatabase;
  let stack: Stack;
  let prometheus: ChildProcess;
  let prometheusUrl: string;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'building-prometheus-'));
    test = await createTestDatabase('prometheus');
    stack = await startStack({
      dataDir: join(dir, 'data'),
      ports: await freeStackPorts(),
      env: { DATABASE_URL: test.url },
      output: (name, line, stream) => {
        if (stream === 'stderr') console.error(`[${name}] ${line}`);
      },
    });
    writeFileSync(join(dir, 'prometheus.yml'), scrapeConfig(stack.urls.metrics));
    const port = await freePort();
    prometheusUrl = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      'prometheus',
      [
        `--config.file=${join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(dir, 'tsdb')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: 'ignore' },
    );
  }, 300_000);
  afterAll(async () => {
    prometheus?.kill();
    await stack?.stop();
    await test?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const query = async (promql: string) => {
    const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`).catch(
      () => null,
    );
    if (!response?.ok) return [];
    const body = (await response.json()) as {
      data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
    };
    return body.data.result;
  };
  const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    let value = await read();
    for (let i = 0; i < 240 && !done(value); i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      value = await read();
    }
    return value;
  };

  it('finds every server up', async () => {
    const jobs = Object.keys(stack.urls.metrics).sort();
    expect(jobs).toEqual(['command-service', 'mailer', 'projector', 'query-service', 'reminder-scheduler']);
    const up = await eventually(
      () => query('up'),
      (result) => result.length === jobs.length && result.every((r) => r.value[1] === '1'),
    );
    expect(Object.fromEntries(up.map((r) => [r.metric.job, r.value[1]]))).toEqual(
      Object.fromEntries(jobs.map((job) => [job, '1'])),
    );
  });

  it('has the projection lag series, at 0 once the seeded building is projected', async () => {
    const lag = await eventually(
      () => query('max by (job) (building_projection_lag_events)'),
      (result) => result.length === 2 && result.every((r) => r.value[1] === '0'),
    );
    expect(Object.fromEntries(lag.map((r) => [r.metric.job, r.value[1]]))).toEqual({
      projector: '0',
      'query-service': '0',
    });
    expect(await query('building_projection_lag_seconds{job="query-service"} > 0')).toEqual([]);
    expect(
      (await query('http_request_duration_seconds_count{job="command-service"}')).length,
    ).toBeGreaterThan(0);
  });

  it('sees the lag rise while the projector is stopped', async () => {
    await stack.servers.find((server) => server.name === 'projector')!.stop();
    // An announcement straight into the log: nothing applies it now.
    await buildingHistory(new PostgresEventStore(test.db)).announce('Water off', 'from 10 to 12');
    const lag = await eventually(
      () => query('max(building_projection_lag_events{job="query-service"})'),
      (result) => Number(result[0]?.value[1] ?? 0) > 0,
    );
    expect(Number(lag[0]?.value[1])).toBeGreaterThan(0);
  });
});
