import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyStream } from '@building/events/hash-chain';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { migrateEventStore } from './schema.ts';
import { PostgresEventStore, readStreamsAfterSql } from './event-store.ts';
import { ConcurrencyError } from '@building/domain/event-store/concurrency-error';

const meta = () => ({
  now: new Date('2026-11-01T10:00:00Z'),
  actor: 'system' as const,
  correlationId: crypto.randomUUID(),
});

describe('the Postgres event store', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    test = await createTestDatabase('store');
    await migrateEventStore(test.db);
    await migrateEventStore(test.db); // idempotent
    store = new PostgresEventStore(test.db, { outbox: true, topicPrefix: 'x.' });
  });
  afterAll(() => test.drop());

  it('appends to several streams in one transaction, with a hash chain and outbox rows', async () => {
    const first = await store.append(
      [{ stream: 'coupon-a', expectedVersion: 0, events: [{ type: 'Ping', data: { n: 1 } }] }],
      meta(),
    );
    const result = await store.append(
      [
        { stream: 'coupon-a', expectedVersion: 1, events: [{ type: 'Ping', data: { n: 2 } }] },
        { stream: 'user-a@b.test', expectedVersion: 0, events: [{ type: 'Ping', data: { n: 3 } }] },
      ],
      meta(),
    );
    expect(result.position).toBeGreaterThan(first.position);
    const stream = await store.readStream('coupon-a');
    expect(stream.map((e) => e.version)).toEqual([1, 2]);
    expect(stream[1]!.prevHash).toBe(stream[0]!.hash);
    expect(verifyStream(stream)).toBeNull();
    const outbox = await test.db('outbox').orderBy('position');
    expect(outbox.map((r) => [r.topic, r.key])).toEqual([
      ['x.building.coupons', 'coupon-a'],
      ['x.building.coupons', 'coupon-a'],
      ['x.building.users', 'user-a@b.test'],
    ]);
  });

  it('refuses a stale expected version with a typed conflict and stores nothing of that transaction', async () => {
    const before = await store.lastPosition();
    const stale = store.append(
      [
        { stream: 'user-c@b.test', expectedVersion: 0, events: [{ type: 'Ping', data: {} }] },
        { stream: 'coupon-a', expectedVersion: 1, events: [{ type: 'Ping', data: {} }] },
      ],
      meta(),
    );
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.lastPosition()).toBe(before);
    expect(await store.readStream('user-c@b.test')).toEqual([]);
  });

  it('lets exactly one of two racing appends at the same version win', async () => {
    const race = await Promise.allSettled(
      [1, 2].map((n) =>
        store.append(
          [{ stream: 'coupon-race', expectedVersion: 0, events: [{ type: 'Ping', data: { n } }] }],
          meta(),
        ),
      ),
    );
    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = race.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(ConcurrencyError);
  });

  it('groups concurrent commands into shared commits, yet reports each lost race to its own command only', async () => {
    const grouped = new PostgresEventStore(test.db, { outbox: true, maxConcurrentWrites: 1 });
    await grouped.append(
      [{ stream: 'coupon-g', expectedVersion: 0, events: [{ type: 'Ping', data: {} }] }],
      meta(),
    );
    const [head] = await grouped.readStream('coupon-g');
    // Sixty commands in one turn: twenty single-event ones on streams of their own, twenty racing
    // for coupon-g at version 1, and twenty two-stream ones whose second stream races too.
    const commands = [
      ...Array.from({ length: 20 }, (_, i) => [
        { stream: `user-solo${i}@b.test`, expectedVersion: 0, events: [{ type: 'Ping', data: { i } }] },
      ]),
      ...Array.from({ length: 20 }, (_, i) => [
        {
          stream: 'coupon-g',
          expectedVersion: 1,
          prevHash: head!.hash,
          events: [{ type: 'Ping', data: { i } }],
        },
      ]),
      ...Array.from({ length: 20 }, (_, i) => [
        { stream: `user-pair${i}@b.test`, expectedVersion: 0, events: [{ type: 'Ping', data: { i } }] },
        {
          stream: 'coupon-h',
          expectedVersion: 0,
          events: [
            { type: 'Ping', data: { i } },
            { type: 'Pong', data: { i } },
          ],
        },
      ]),
    ];
    const outcomes = await Promise.allSettled(commands.map((requests) => grouped.append(requests, meta())));
    const won = (from: number) => outcomes.slice(from, from + 20).filter((o) => o.status === 'fulfilled');
    expect(won(0)).toHaveLength(20);
    expect(won(20)).toHaveLength(1);
    expect(won(40)).toHaveLength(1);
    for (const lost of outcomes.filter((o) => o.status === 'rejected'))
      expect((lost as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    // The losers of the two-stream race left nothing behind, not even on their own user streams.
    const pairs: Array<{ stream: string }> = await test.db('events').where('stream', 'like', 'user-pair%');
    expect(pairs).toHaveLength(1);
    expect(await grouped.readStream('coupon-h')).toHaveLength(2);
    expect(verifyStream(await grouped.readStream('coupon-g'))).toBeNull();
    // Every recorded event has its outbox row, and only those.
    const orphans = await test.db('outbox').whereNotIn('position', test.db('events').select('position'));
    const unpublished = await test.db('events').whereNotIn('position', test.db('outbox').select('position'));
    expect(orphans).toEqual([]);
    expect(unpublished).toEqual([]);
  });

  it('lets only the command at fault fail when its batch fails for another reason', async () => {
    const grouped = new PostgresEventStore(test.db, { outbox: false, maxConcurrentWrites: 1 });
    // jsonb refuses a NUL character: that command's rows can never be stored.
    const outcomes = await Promise.allSettled(
      ['ok-1', 'bad', 'ok-2'].map((name) =>
        grouped.append(
          [
            {
              stream: `coupon-${name}`,
              expectedVersion: 0,
              events: [{ type: 'Ping', data: { text: name === 'bad' ? 'nul \u0000' : name } }],
            },
          ],
          meta(),
        ),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).not.toBeInstanceOf(ConcurrencyError);
    expect(await grouped.readStream('coupon-ok-2')).toHaveLength(1);
    expect(await grouped.readStream('coupon-bad')).toEqual([]);
  });

  it('detects a tampered row', async () => {
    await test.db.raw(`update events set data = '{"n": 99}' where stream = 'coupon-a' and version = 2`);
    expect(verifyStream(await store.readStream('coupon-a'))).toEqual({
      stream: 'coupon-a',
      version: 2,
      reason: 'hash-mismatch',
    });
  });

  it('reads streams after their cached versions by index, even on a young log not yet analyzed', async () => {
    const young = await createTestDatabase('store_young');
    try {
      await migrateEventStore(young.db);
      await young.db
        .raw(`insert into events (id, stream, version, type, schema_version, data, occurred_at, actor, correlation_id, hash)
        select gen_random_uuid(), 'coupon-' || n, 1, 'Ping', 1, '{}', now(), '"system"', gen_random_uuid(), 'h'
        from generate_series(1, 5000) as n`);
      const streams = Array.from({ length: 24 }, (_, i) => `coupon-${i * 7}`);
      const { rows } = await young.db.raw<{ rows: Array<{ 'QUERY PLAN': unknown }> }>(
        `explain (format json) ${readStreamsAfterSql.replace('$1', '?').replace('$2', '?')}`,
        [streams, streams.map(() => 0)],
      );
      const plan = JSON.stringify(rows[0]!['QUERY PLAN']);
      expect(plan).not.toContain('Seq Scan');
      expect(plan).toContain('events_stream_version_key');
      const store = new PostgresEventStore(young.db, { outbox: false });
      const read = await store.readStreamsAfter([
        { stream: 'coupon-7', after: 0 },
        { stream: 'coupon-8', after: 1 },
        { stream: 'coupon-none', after: 0 },
      ]);
      expect(read.map((events) => events.map((e) => e.stream))).toEqual([['coupon-7'], [], []]);
    } finally {
      await young.drop();
    }
  });
});
