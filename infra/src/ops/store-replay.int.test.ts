import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../event-store/event-store.ts';
import { migrateEventStore } from '../event-store/schema.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { storeReplay } from './store-replay.ts';

const meta = () => ({ now: new Date('2026-11-01T10:00:00Z'), actor: 'system' as const });

describe('the store replay', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase('replay');
    await migrateEventStore(test.db);
    const store = new PostgresEventStore(test.db, { outbox: false, topicPrefix: '' });
    const append = async (stream: string, version: number) =>
      store.append([{ stream, expectedVersion: version, events: [{ type: 'Ping', data: { version } }] }], {
        ...meta(),
        correlationId: crypto.randomUUID(),
      });
    for (let i = 0; i < 12; i++) {
      await append(`coupon-c${i % 3}`, Math.floor(i / 3));
      await append(`user-u${i % 2}@b.test`, Math.floor(i / 2));
      // Positions taken by transactions that never committed leave gaps in the log.
      if (i === 5)
        await test.db.raw(
          `select nextval(pg_get_serial_sequence('events', 'position')) from generate_series(1, 40)`,
        );
    }
  });
  afterAll(() => test.drop());

  const replayed = async (windowSize: number, categories: Array<'coupon' | 'user'>) => {
    const events = [];
    for await (const event of storeReplay(test.db, { windowSize }).replay(categories)) events.push(event);
    return events;
  };

  it('gives every event of the asked categories once, in position order, across windows and gaps', async () => {
    const all = await test.db('events').orderBy('position');
    const coupons = all.filter((row) => row.stream.startsWith('coupon-')).map((row) => Number(row.position));
    for (const windowSize of [1, 3, 7, 1000]) {
      const events = await replayed(windowSize, ['coupon']);
      expect(events.map((e) => e.position)).toEqual(coupons);
    }
    expect((await replayed(4, ['coupon', 'user'])).map((e) => e.position)).toEqual(
      all.map((row) => Number(row.position)),
    );
    expect(all.at(-1).position - all[0].position + 1).toBeGreaterThan(all.length + 39); // the gap is there
  });

  it('counts what it will replay for the progress bar, and advances it by what it gave', async () => {
    let total = -1;
    let advanced = 0;
    const events = [];
    const progress = {
      start: (n: number) => (total = n),
      advance: (n: number) => (advanced += n),
      stop() {},
    };
    for await (const event of storeReplay(test.db, { windowSize: 5 }).replay(['user'], progress))
      events.push(event);
    expect(total).toBe(12);
    expect(advanced).toBe(12);
    expect(events).toHaveLength(12);
  });
});
