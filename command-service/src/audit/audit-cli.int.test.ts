import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeSchema } from '@building/events/envelope';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { ensureTopics } from '@building/infra/kafka/ensure-topics';
import { createKafka } from '@building/infra/kafka/kafka-client';
import { startOutboxRelay } from '@building/infra/kafka/outbox-relay';
import { kafkaBrokers, missing } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { runCli } from '@building/infra/ops/testing/run-cli';
import { appendSampleLog, sampleDay } from '@building/domain/testing/sample-log';

const auditCli = 'command-service/src/audit/audit-cli.ts';

describe.skipIf(missing('postgres'))('npm run audit', { timeout: 120_000 }, () => {
  let database: TestDatabase;
  let total = 0;
  const prefix = `audit${randomBytes(4).toString('hex')}.`;
  const kafkaUp = !missing('kafka');
  const store = () => ({ DATABASE_URL: database.url });

  beforeAll(async () => {
    database = await createTestDatabase('audit');
    await migrateEventStore(database.db);
    // The outbox is written only when Kafka runs, so the relay can publish the same log.
    total = await appendSampleLog(
      new PostgresEventStore(database.db, { outbox: kafkaUp, topicPrefix: prefix }),
      {
        apartments: 6,
      },
    );
  });
  afterAll(() => database?.drop());

  it('replays every category from the store as JSONL, in position order, and verifies the chains', async () => {
    const result = await runCli(auditCli, ['all', '--format', 'jsonl', '--verify'], store());
    expect(result.stderr).toContain(`OK: `);
    expect(result.code).toBe(0);
    const events = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => envelopeSchema.parse(JSON.parse(line)));
    expect(events).toHaveLength(total);
    expect(events.map((e) => e.position)).toEqual([...events.map((e) => e.position)].sort((a, b) => a - b));
    const streams = new Set(events.map((e) => e.stream)).size;
    expect(result.stderr).toContain(`OK: ${streams} streams, ${total} events verified`);
  });

  it('prints only the asked categories within --from/--to, as an aligned table', async () => {
    const from = sampleDay(3).toISOString();
    const to = sampleDay(12).toISOString().slice(0, 10);
    const result = await runCli(auditCli, ['agreements', 'payments', '--from', from, '--to', to], store());
    expect(result.code).toBe(0);
    const [header, ...rows] = result.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^POSITION\s+TIME\s+STREAM\s+VERSION\s+TYPE\s+ACTOR\s+DATA$/);
    expect(rows.length).toBeGreaterThan(0);
    const dataColumn = header!.indexOf('DATA');
    for (const row of rows) {
      expect(row).toMatch(/^\s*\d+\s+\S+\s+(agreement|payment)-/);
      const time = row.split(/\s+/).find((cell) => /^\d{4}-\d\d-\d\dT/.test(cell))!;
      expect(time >= from && time <= `${to}T23:59:59.999Z`).toBe(true);
      expect(row[dataColumn]).toBe('{');
    }
  });

  it('writes RFC 4180 CSV', async () => {
    const result = await runCli(auditCli, ['coupons', '--format', 'csv'], store());
    expect(result.code).toBe(0);
    expect(result.stdout.split('\r\n')[0]).toBe('position,occurred_at,stream,version,type,actor,data,hash');
    expect(result.stdout).toContain('"{""couponId"":');
    expect(result.stdout).toContain('Eid, \\""ten\\"" off, yes');
  });

  it('rejects bad arguments with the usage and exit code 2', async () => {
    const result = await runCli(auditCli, ['agreement', '--format', 'jsonl'], store());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown category 'agreement'");
    expect(result.stderr).toContain('usage:');
    expect(result.stdout).toBe('');
  });

  it('rebuilds who held what, the coupons and the payments at a moment, from the log alone', async () => {
    const result = await runCli(auditCli, ['state', '--at', '2026-12-31', '--format', 'json'], store());
    expect(result.code).toBe(0);
    const state = JSON.parse(result.stdout) as {
      holders: Record<string, { userEmail: string }>;
      coupons: Record<string, { status: string }>;
      payments: Record<string, { status: string }>;
    };
    // Apartments 3 and 6 were rejected; the rest were accepted; odd ones paid, even ones failed.
    expect(Object.keys(state.holders).sort()).toEqual(['1', '2', '4', '5']);
    expect(state.holders['4']?.userEmail).toBe('tenant4@example.com');
    expect(Object.values(state.coupons).map((c) => c.status)).toEqual(['unavailable']);
    expect(state.payments.pi_1?.status).toBe('paid');
    expect(state.payments.pi_2?.status).toBe('failed');
    const table = await runCli(auditCli, ['state', '--at', '2026-12-31'], store());
    expect(table.stdout).toMatch(/Apartments held \(4\)/);
    expect(table.stdout).toMatch(/EID10\s+10%\s+unavailable/);
  });

  it.skipIf(!kafkaUp)('prints the same events from Kafka as from the store', async () => {
    const kafka = createKafka({ brokers: kafkaBrokers(), clientId: 'audit-test' });
    await ensureTopics(kafkaBrokers(), prefix);
    const relay = startOutboxRelay({ db: database.db, kafka });
    try {
      for (let i = 0; i < 300; i++) {
        const [row] = await database.db('outbox').count<{ n: string }[]>('* as n');
        if (Number(row?.n) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await relay.stop();
      await kafka.disconnect();
    }
    const args = ['agreements', 'payments', 'users', '--format', 'jsonl', '--verify'];
    const fromKafka = await runCli(auditCli, args, {
      KAFKA_BROKERS: kafkaBrokers().join(','),
      KAFKA_TOPIC_PREFIX: prefix,
    });
    const fromStore = await runCli(auditCli, args, store());
    expect(fromKafka.stderr).toContain('replayed from kafka');
    expect(fromKafka.code).toBe(0);
    expect(fromStore.code).toBe(0);
    expect(fromKafka.stdout.split('\n').length).toBeGreaterThan(10);
    expect(fromKafka.stdout).toBe(fromStore.stdout);
  });

  // Last: it tampers with the log the other tests read.
  it('fails --verify at exactly the tampered stream and version', async () => {
    await database.db.raw(
      `update events set data = jsonb_set(data, '{rent}', '1') where stream = 'agreement-4' and version = 2`,
    );
    const result = await runCli(auditCli, ['agreements', '--verify', '--format', 'jsonl'], store());
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('BROKEN: stream agreement-4 version 2: hash-mismatch');
    // The other categories' chains are intact.
    const others = await runCli(auditCli, ['payments', 'coupons', '--verify'], store());
    expect(others.code).toBe(0);
  });
});
