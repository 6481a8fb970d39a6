import { describe, expect, it } from 'vitest';
import type { CommandMetadata } from '@building/events/envelope';
import { verifyStream } from '@building/events/hash-chain';
import { ConcurrencyError } from '../event-store/concurrency-error.ts';
import type { EventStore } from '../event-store/event-store.ts';

const meta = (): CommandMetadata => ({
  now: new Date('2026-11-01T10:00:00Z'),
  actor: 'system',
  correlationId: crypto.randomUUID(),
});
const ping = (n: number) => ({ type: 'Ping', data: { n } });
/** Streams of their own per test: a store may be shared by the tests of one run. */
const fresh = (category: string) => `${category}-${crypto.randomUUID()}`;

/**
 * What every EventStore promises, run against each adapter (the in-memory one in a unit test, the
 * Postgres one in an integration test): `open` gives a store to test.
 */
export function eventStoreContract(name: string, open: () => EventStore) {
  describe(`${name}, as an EventStore`, () => {
    it('appends at the expected version and reads a stream from a version, hash-chained', async () => {
      const store = open();
      const stream = fresh('coupon');
      const first = await store.append([{ stream, expectedVersion: 0, events: [ping(1), ping(2)] }], meta());
      const second = await store.append([{ stream, expectedVersion: 2, events: [ping(3)] }], meta());
      expect(first.events.map((e) => e.version)).toEqual([1, 2]);
      expect(second.position).toBeGreaterThan(first.position);
      expect(second.events[0]).toMatchObject({ stream, version: 3, position: second.position });
      const all = await store.readStreamAfter(stream, 0);
      expect(all.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(verifyStream(all)).toBeNull();
      expect((await store.readStreamAfter(stream, 2)).map((e) => e.version)).toEqual([3]);
      expect(await store.readStreamAfter(stream, 3)).toEqual([]);
    });

    it('names each stream head, and none for a stream without events', async () => {
      const store = open();
      const stream = fresh('coupon');
      const { events } = await store.append([{ stream, expectedVersion: 0, events: [ping(1)] }], meta());
      const none = fresh('coupon');
      const heads = await store.streamHeads([stream, none]);
      expect(heads.get(stream)).toEqual({ version: 1, hash: events[0]!.hash });
      expect(heads.has(none)).toBe(false);
    });

    it('refuses a stale expected version with a typed conflict naming the stream', async () => {
      const store = open();
      const stream = fresh('coupon');
      await store.append([{ stream, expectedVersion: 0, events: [ping(1)] }], meta());
      for (const expectedVersion of [0, 2]) {
        const stale = store.append([{ stream, expectedVersion, events: [ping(2)] }], meta());
        await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
        await expect(stale).rejects.toMatchObject({ stream, expectedVersion });
      }
      expect(await store.readStreamAfter(stream, 0)).toHaveLength(1);
    });

    it('appends to several streams in one transaction, all or nothing', async () => {
      const store = open();
      const [coupon, user, late] = [fresh('coupon'), fresh('user'), fresh('user')];
      await store.append([{ stream: coupon, expectedVersion: 0, events: [ping(1)] }], meta());
      const both = await store.append(
        [
          { stream: coupon, expectedVersion: 1, events: [ping(2)] },
          { stream: user, expectedVersion: 0, events: [ping(3)] },
        ],
        meta(),
      );
      expect(both.events.map((e) => [e.stream, e.version])).toEqual([
        [coupon, 2],
        [user, 1],
      ]);
      // The second stream moved on: the first one's events are not stored either.
      const refused = store.append(
        [
          { stream: late, expectedVersion: 0, events: [ping(4)] },
          { stream: coupon, expectedVersion: 1, events: [ping(5)] },
        ],
        meta(),
      );
      await expect(refused).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await store.readStreamAfter(late, 0)).toEqual([]);
      expect(await store.readStreamAfter(coupon, 0)).toHaveLength(2);
    });

    it('lets exactly one of two racing appends at the same version win', async () => {
      const store = open();
      const stream = fresh('coupon');
      const race = await Promise.allSettled(
        [1, 2].map((n) => store.append([{ stream, expectedVersion: 0, events: [ping(n)] }], meta())),
      );
      expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect((race.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(
        ConcurrencyError,
      );
    });
  });
}
