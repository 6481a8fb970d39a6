import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectedEnvelope } from '@building/events/envelope';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { migrateEventStore } from './schema.ts';
import { PostgresEventStore, startOfLog } from './event-store.ts';
import { tailEvents } from './tail-events.ts';

const meta = () => ({ now: new Date(), actor: 'system' as const, correlationId: crypto.randomUUID() });
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/**
 * How long a test waits for its deliveries: the gap-free horizon is the whole cluster's, so a long
 * transaction of another test (a 100,000-event seed in one COPY) holds every tailer back meanwhile.
 */
const patienceMs = 45_000;

/**
 * Throws on the first delivery of the second batch handed over, whatever version it starts at: a
 * transaction open elsewhere in the cluster holds the gap-free horizon back, so pages need not
 * start at 1, 11, 21.
 */
function secondBatchFailsOnce() {
  let batches = 0;
  let failingFrom: number | undefined;
  let deliveries = 0;
  const check = (events: ProjectedEnvelope[]) => {
    const first = events[0]!.version;
    if (++batches === 2) failingFrom = first;
    if (first !== failingFrom) return;
    if (deliveries++ === 0) throw new Error('projection failed');
  };
  return Object.assign(check, { deliveries: () => deliveries });
}

describe('tailing the store under concurrent writers', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('tail');
    await migrateEventStore(test.db);
  });
  afterAll(() => test.drop());

  it('delivers every committed event exactly once, even when transactions commit out of position order', async () => {
    // Each append holds its transaction open for a random while after taking its positions, so
    // later positions often commit before earlier ones: the pitfall a naive `position > last` hits.
    const store = new PostgresEventStore(test.db, {
      outbox: false,
      beforeCommit: () => pause(Math.random() * 25),
    });
    const delivered: ProjectedEnvelope[] = [];
    const tailer = await tailEvents(store, {
      from: startOfLog,
      pollMs: 5,
      onError: (error) => console.error('tail error', error),
      onEvents: async (events) => {
        delivered.push(...events);
      },
    });

    const writers = 8;
    const appendsPerWriter = 30;
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; i < appendsPerWriter; i++) {
          // Two streams in one transaction: a writer's events span positions others take too.
          await store.append(
            [
              {
                stream: `apartment-${w + 1}`,
                expectedVersion: i,
                events: [{ type: 'Ping', data: { w, i } }],
              },
              { stream: `coupon-w${w}`, expectedVersion: i, events: [{ type: 'Ping', data: { w, i } }] },
            ],
            meta(),
          );
        }
      }),
    );

    const total = writers * appendsPerWriter * 2;
    for (let waited = 0; delivered.length < total && waited < patienceMs; waited += 20) await pause(20);
    await pause(100); // anything delivered late or twice would show up now
    await tailer.stop();

    const ids = delivered.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length); // nothing twice
    const all: Array<{ id: string }> = await test.db('events').select('id');
    expect(all).toHaveLength(total);
    const missing = all.filter((row) => !ids.includes(row.id));
    expect(missing).toEqual([]); // nothing skipped
    // Per stream, events arrive in version order.
    const byStream = new Map<string, number[]>();
    for (const e of delivered) byStream.set(e.stream, [...(byStream.get(e.stream) ?? []), e.version]);
    for (const versions of byStream.values()) expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });

  it('behind the log, a batch that fails is delivered again, and the page read ahead after it is dropped', async () => {
    const database = await createTestDatabase('tail_ahead');
    try {
      await migrateEventStore(database.db);
      const store = new PostgresEventStore(database.db, { outbox: false });
      for (let i = 0; i < 25; i++) {
        await store.append(
          [{ stream: 'coupon-ahead', expectedVersion: i, events: [{ type: 'Ping', data: { i } }] }],
          meta(),
        );
      }
      const pages: number[][] = [];
      const failsOnce = secondBatchFailsOnce();
      const tailer = await tailEvents(store, {
        from: startOfLog,
        pollMs: 5,
        batchSize: 10,
        onError: () => {},
        onEvents: async (events) => {
          // The second page fails once, while the third has been read ahead.
          failsOnce(events);
          pages.push(events.map((e) => e.version));
        },
      });
      for (let waited = 0; pages.flat().length < 25 && waited < patienceMs; waited += 20) await pause(20);
      await pause(50);
      await tailer.stop();
      expect(failsOnce.deliveries()).toBe(2); // the second page's: failed, then applied
      expect(pages.flat()).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    } finally {
      await database.drop();
    }
  });

  it('pipelined behind the log, the batch handed over after a failed one takes no effect, and both are delivered again', async () => {
    const database = await createTestDatabase('tail_pipeline');
    try {
      await migrateEventStore(database.db);
      const store = new PostgresEventStore(database.db, { outbox: false });
      for (let i = 0; i < 35; i++) {
        await store.append(
          [{ stream: 'coupon-pipeline', expectedVersion: i, events: [{ type: 'Ping', data: { i } }] }],
          meta(),
        );
      }
      const applied: number[] = [];
      const handedAfter: boolean[] = [];
      const failsOnce = secondBatchFailsOnce();
      const tailer = await tailEvents(store, {
        from: startOfLog,
        pollMs: 5,
        batchSize: 10,
        pipeline: true,
        onError: () => {},
        onEvents: async (events, _, after) => {
          handedAfter.push(after !== undefined);
          await pause(5); // still running when the next batch is handed over
          // The second full page fails once; the third, handed over meanwhile, must not apply.
          failsOnce(events);
          await after;
          applied.push(...events.map((e) => e.version));
        },
      });
      for (let waited = 0; applied.length < 35 && waited < patienceMs; waited += 20) await pause(20);
      await pause(50);
      await tailer.stop();
      expect(failsOnce.deliveries()).toBe(2); // the second page's: failed, then applied
      expect(applied).toEqual(Array.from({ length: 35 }, (_, i) => i + 1));
      expect(handedAfter.some((a) => a)).toBe(true);
    } finally {
      await database.drop();
    }
  });
});
