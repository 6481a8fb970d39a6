import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@building/infra/config';
import { available } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { signAccessToken } from '@building/infra/auth/access-token';
import { startCommandService, type CommandServiceHandle } from './start-command-service.ts';

const secret = 'start-test-secret-start-test-secret-0123';

describe('startCommandService', () => {
  let test: TestDatabase;
  let service: CommandServiceHandle;
  const kafka = available.kafka();
  beforeAll(async () => {
    test = await createTestDatabase('start');
    service = await startCommandService(
      loadConfig({
        DATABASE_URL: test.url,
        COMMAND_PORT: '0',
        JWT_SECRET: secret,
        KAFKA_BROKERS: process.env.KAFKA_BROKERS,
        REDIS_URL: process.env.REDIS_URL,
        KAFKA_TOPIC_PREFIX: `t${Date.now()}.`,
        ADMIN_EMAILS: 'boss@building.test',
      }),
    );
  });
  afterAll(async () => {
    await service?.stop();
    await test?.drop();
  });

  it('migrates, listens on a free port and takes commands', async () => {
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const token = await signAccessToken(
      { email: 'boss@building.test', uid: 'u', emailVerified: true },
      secret,
      60,
    );
    const reply = await fetch(`${service.url}/users/boss@building.test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Boss' }),
    });
    expect(reply.status).toBe(200);
    expect((await test.db('events').orderBy('position')).map((e) => e.type)).toEqual([
      'UserRegistered',
      'AdminGranted',
    ]);
    expect(await test.db('images').count('* as n')).toEqual([{ n: '0' }]);
  });

  it('exposes the request, command, append and outbox series on /metrics', async () => {
    const token = await signAccessToken(
      { email: 'boss@building.test', uid: 'u', emailVerified: true },
      secret,
      60,
    );
    const refused = await fetch(`${service.url}/users/boss@building.test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 42 }),
    });
    expect(refused.status).toBe(400);
    const text = await (await fetch(`${service.url}/metrics`)).text();
    expect(text).toMatch(/^building_commands_total\{command="RecordProfile",outcome="ok"\} 1$/m);
    expect(text).toMatch(
      /^building_request_refusals_total\{route="\/users\/:email",code="invalid-input"\} 1$/m,
    );
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="POST",route="\/users\/:email",status="2xx"\} [1-9]/m,
    );
    expect(text).toMatch(/^building_event_store_appends_total [1-9]/m);
    expect(text).toMatch(/^building_event_store_append_batch_size_bucket\{le="2"\} [1-9]/m);
    if (kafka) expect(text).toMatch(/^building_outbox_backlog_events \d+/m);
  });

  it('reports its dependencies on /health', async () => {
    const response = await fetch(`${service.url}/health`);
    expect(response.status).toBe(200);
    const checks = { database: { status: 'ok' } };
    if (kafka) Object.assign(checks, { broker: { status: 'ok' } });
    if (process.env.REDIS_URL) Object.assign(checks, { redis: { status: 'ok' } });
    expect(await response.json()).toMatchObject({
      status: 'ok',
      service: 'command-service',
      checks,
    });
  });

  it.runIf(kafka)('with Kafka configured, writes the outbox and relays it', async () => {
    const deadline = Date.now() + 30_000;
    let left = Number.POSITIVE_INFINITY;
    while (Date.now() < deadline && left > 0) {
      left = Number((await test.db('outbox').count('* as n'))[0]!.n);
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(left).toBe(0);
  });
});

describe('main.ts', () => {
  it('refuses to start without JWT_SECRET', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(2);
    // The refusal is a log line: JSON on stdout, as every server's logs are.
    expect(run.stderr + run.stdout).toMatch(/JWT_SECRET/);
  });
});
