import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { envelopeSchema, type StoredEvent } from '@building/events/envelope';
import { allTopics, categoryOfStream, topicFor } from '@building/events/streams';
import type { Knex } from 'knex';
import pg from 'pg';
import { migrateEventStore } from '../event-store/schema.ts';
import { kafkaBrokers, missing } from '../testing/infra-availability.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { collectMessages } from './collect-messages.ts';
import { ensureTopics } from './ensure-topics.ts';
import { createKafka, type KafkaClient } from './kafka-client.ts';
import { RELAY_LOCK_KEY, readPublishable, startOutboxRelay, type OutboxRelay } from './outbox-relay.ts';

const streams = [
  'apartment-1',
  'apartment-2',
  'agreement-1',
  'user-a@b.test',
  'coupon-x',
  'payment-1-2026-may',
];

describe.skipIf(missing('kafka'))('the outbox relay', () => {
  let kafka: KafkaClient;
  beforeAll(() => {
    kafka = createKafka({ brokers: kafkaBrokers(), clientId: 'outbox-relay-test' });
  });
  afterAll(() => kafka.disconnect());

  describe('alone', () => {
    const fixture = relayFixture(() => kafka);

    it('publishes every event once, keyed by stream, in per-stream order, and empties the outbox', async () => {
      const { db, prefix } = fixture();
      const versions = new Map<string, number>();
      // 12 transactions, each appending to a few streams: commit order interleaves the streams.
      for (let tx = 0; tx < 12; tx++)
        await appendEvents(db, prefix, versions, streams.slice(tx % 3, (tx % 3) + 4));
      const relay = startOutboxRelay({ db, kafka, onError: failTest });
      try {
        const messages = await collectMessages(kafka, {
          groupId: `g${unique()}`,
          topics: allTopics(prefix),
          count: 48,
        });
        const events = messages.map((m) => {
          const event = envelopeSchema.parse(JSON.parse(m.value ?? ''));
          expect(m.key).toBe(event.stream);
          expect(m.topic).toBe(topicFor(categoryOfStream(event.stream), prefix));
          return event;
        });
        expect(new Set(events.map((e) => e.id)).size).toBe(48);
        for (const [stream, last] of versions) {
          const published = events.filter((e) => e.stream === stream).map((e) => e.version);
          expect(published).toEqual(Array.from({ length: last }, (_, i) => i + 1));
        }
        expect(await sameAsStored(db, events)).toBe(true);
        await vi.waitFor(async () => expect(await outboxSize(db)).toBe(0), settle);
        expect(await publishedCount(kafka, prefix)).toBe(48);
      } finally {
        await relay.stop();
      }
    });

    it('reconnects and takes the lock again when its connection is killed', async () => {
      const { db, prefix } = fixture();
      const errors: unknown[] = [];
      const relay = startOutboxRelay({ db, kafka, onError: (e) => errors.push(e), standbyRetryMs: 100 });
      const before = await publishedCount(kafka, prefix);
      try {
        await vi.waitFor(async () => expect(relay.isActive()).toBe(true), settle);
        const killed = await db.raw<{ rows: unknown[] }>(
          `select pg_terminate_backend(pid) from pg_locks
            where locktype = 'advisory' and objid = ? and database = (select oid from pg_database where datname = current_database())`,
          [RELAY_LOCK_KEY],
        );
        expect(killed.rows).toHaveLength(1);
        await appendEvents(db, prefix, new Map(), ['announcement-a', 'announcement-b']);
        await vi.waitFor(async () => expect(await outboxSize(db)).toBe(0), settle);
        expect(await publishedCount(kafka, prefix)).toBe(before + 2);
        expect(relay.isActive()).toBe(true);
      } finally {
        await relay.stop();
      }
    });
    it('publishes with a fresh producer after its producer is refused', async () => {
      const { db, prefix } = fixture();
      // The first producer is refused as a restarted broker refuses an idempotent producer out of step.
      const producers: string[] = [];
      const refusing: KafkaClient = {
        ...kafka,
        producer() {
          const real = kafka.producer();
          producers.push(producers.length === 0 ? 'refused' : 'real');
          if (producers.length > 1) return real;
          const refuse = () =>
            Promise.reject(
              Object.assign(new Error('out of order'), { type: 'OUT_OF_ORDER_SEQUENCE_NUMBER' }),
            );
          return {
            connect: () => real.connect(),
            send: refuse,
            sendTopics: refuse,
            disconnect: () => real.disconnect(),
          };
        },
      };
      const errors: unknown[] = [];
      const before = await publishedCount(kafka, prefix);
      const relay = startOutboxRelay({
        db,
        kafka: refusing,
        onError: (e) => errors.push(e),
        standbyRetryMs: 100,
      });
      try {
        await appendEvents(db, prefix, new Map(), ['announcement-c', 'announcement-d']);
        await vi.waitFor(async () => expect(await outboxSize(db)).toBe(0), settle);
        expect(await publishedCount(kafka, prefix)).toBe(before + 2);
        expect(producers).toEqual(['refused', 'real']);
        expect(errors).toHaveLength(1);
      } finally {
        await relay.stop();
      }
    });
  });

  describe('its publishable window', () => {
    const fixture = relayFixture(() => kafka);

    it('holds back later transactions while an earlier one is in flight, then goes in transaction order', async () => {
      const { db, prefix, url } = fixture();
      const versions = new Map<string, number>();
      const early = await db.transaction();
      const reader = new pg.Client({ connectionString: url });
      await reader.connect();
      try {
        await early.raw('select pg_current_xact_id()'); // takes its transaction id now
        await appendEvents(db, prefix, versions, ['apartment-2']); // a later transaction commits first
        await insertEvents(early, prefix, versions, ['apartment-1']);
        expect(await readPublishable(reader, 100)).toEqual([]);

        await early.commit();
        // Other databases' transactions on the same server may hold the horizon back a moment.
        await vi.waitFor(
          async () =>
            expect((await readPublishable(reader, 100)).map((r) => r.stream)).toEqual([
              'apartment-1',
              'apartment-2',
            ]),
          settle,
        );
        const [first, second] = await readPublishable(reader, 100);
        expect(Number(first!.position)).toBeGreaterThan(Number(second!.position));
      } finally {
        if (!early.isCompleted()) await early.rollback();
        await reader.end();
      }
    });
  });

  describe('two at once', () => {
    const fixture = relayFixture(() => kafka);

    it('publishes each event once: one relay holds the lock, the other takes over when it stops', async () => {
      const { db, prefix } = fixture();
      const relays = [0, 1].map(() =>
        startOutboxRelay({ db, kafka, onError: failTest, standbyRetryMs: 100 }),
      );
      const versions = new Map<string, number>();
      const stopped: OutboxRelay[] = [];
      try {
        // Writers race the relays: 10 concurrent transactions of 3 events each.
        await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            appendEvents(db, prefix, versions, [streams[i % 6]!, `coupon-c${i}`, `user-u${i}@b.test`]),
          ),
        );
        await vi.waitFor(async () => expect(await outboxSize(db)).toBe(0), settle);
        expect(relays.filter((r) => r.isActive())).toHaveLength(1);
        expect(await publishedCount(kafka, prefix)).toBe(30);

        const active = relays.find((r) => r.isActive())!;
        await active.stop();
        stopped.push(active);
        await appendEvents(db, prefix, versions, ['apartment-1', 'apartment-2']);
        await vi.waitFor(async () => expect(await outboxSize(db)).toBe(0), settle);
        expect(relays.find((r) => r !== active)!.isActive()).toBe(true);
        expect(await publishedCount(kafka, prefix)).toBe(32);

        const messages = await collectMessages(kafka, {
          groupId: `g${unique()}`,
          topics: allTopics(prefix),
          count: 32,
        });
        expect(new Set(messages.map((m) => JSON.parse(m.value ?? '{}').id)).size).toBe(32);
      } finally {
        await Promise.all(relays.filter((r) => !stopped.includes(r)).map((r) => r.stop()));
      }
    });
  });
});

/** A fresh database with the event store's tables and a topic prefix of its own, per describe block. */
/** How long the relay may take to drain what a test wrote (vi.waitFor retries until then). */
const settle = { timeout: 20_000, interval: 100 };

function relayFixture(kafka: () => KafkaClient) {
  let test: TestDatabase;
  const prefix = `t${unique()}.`;
  beforeAll(async () => {
    test = await createTestDatabase('relay');
    await migrateEventStore(test.db);
    await ensureTopics(kafkaBrokers(), prefix);
  });
  afterAll(async () => {
    await kafka().admin().deleteTopics(allTopics(prefix));
    await test.drop();
  });
  return () => ({ db: test.db, url: test.url, prefix });
}

/** Appends one event to each stream in one transaction, with its outbox rows, as the store does. */
function appendEvents(
  db: Knex,
  prefix: string,
  versions: Map<string, number>,
  targets: string[],
): Promise<void> {
  return db.transaction((trx) => insertEvents(trx, prefix, versions, targets));
}

async function insertEvents(
  trx: Knex.Transaction,
  prefix: string,
  versions: Map<string, number>,
  targets: string[],
) {
  const next = targets.map((stream) => {
    const version = (versions.get(stream) ?? 0) + 1;
    versions.set(stream, version);
    return { stream, version };
  });
  for (const { stream, version } of next) {
    const inserted = await trx.raw<{ rows: { position: string }[] }>(
      `insert into events (id, stream, version, type, schema_version, data, occurred_at, actor, correlation_id,
                           causation_id, prev_hash, hash)
       values (?, ?, ?, 'Ping', 1, ?, now(), '"system"', ?, null, null, ?) returning position`,
      [
        randomUUID(),
        stream,
        version,
        JSON.stringify({ n: version }),
        randomUUID(),
        randomBytes(32).toString('hex'),
      ],
    );
    await trx.raw('insert into outbox (position, topic, key) values (?, ?, ?)', [
      inserted.rows[0]!.position,
      topicFor(categoryOfStream(stream), prefix),
      stream,
    ]);
  }
  await trx.raw(`select pg_notify('events_appended', '')`);
}

async function sameAsStored(db: Knex, events: StoredEvent[]): Promise<boolean> {
  const rows = await db('events').select('id', 'position', 'hash', 'occurred_at');
  const stored = new Map(rows.map((r) => [r.id as string, r]));
  return events.every((e) => {
    const row = stored.get(e.id);
    return (
      row &&
      Number(row.position) === e.position &&
      row.hash === e.hash &&
      new Date(row.occurred_at).toISOString() === e.occurredAt
    );
  });
}

async function outboxSize(db: Knex): Promise<number> {
  const [row] = await db('outbox').count<{ count: string }[]>('* as count');
  return Number(row?.count);
}

/** Messages in the prefix's topics, from the high watermarks: exact, whoever consumed what. */
async function publishedCount(kafka: KafkaClient, prefix: string): Promise<number> {
  let total = 0;
  for (const topic of allTopics(prefix)) {
    for (const partition of await kafka.admin().fetchTopicOffsets(topic)) total += Number(partition.high);
  }
  return total;
}

function failTest(error: unknown): never {
  throw error;
}

function unique(): string {
  return randomBytes(4).toString('hex');
}
