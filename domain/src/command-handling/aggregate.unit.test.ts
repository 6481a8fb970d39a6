import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '@building/events/envelope';
import { InMemoryEventStore } from '../event-store/in-memory-event-store.ts';
import type { Aggregate } from './aggregate.ts';
import { createCommandContext } from './command-context.ts';
import { loadAggregate } from './load-aggregate.ts';

/** The in-memory store, counting what loading asks of it. */
class CountingStore extends InMemoryEventStore {
  readonly reads: Array<{ stream: string; after: number }> = [];
  override readStreamAfter(stream: string, after: number): Promise<StoredEvent[]> {
    this.reads.push({ stream, after });
    return super.readStreamAfter(stream, after);
  }
}

const meta = {
  now: new Date('2026-11-01T10:00:00Z'),
  actor: 'system' as const,
  correlationId: crypto.randomUUID(),
};

/** Appends the announcement's next event, titled with as many letters as its version. */
async function post(store: InMemoryEventStore, version: number) {
  const { events } = await store.append(
    [
      {
        stream: 'announcement-a',
        expectedVersion: version - 1,
        events: [
          {
            type: 'AnnouncementPosted',
            data: {
              announcementId: '5f0f6f7e-0b8a-4d6a-9a3c-2d1e0f9b8a7c',
              title: 'v'.repeat(version),
              description: 'd',
            },
          },
        ],
      },
    ],
    meta,
  );
  return events[0]!;
}

const versions: Aggregate<number[]> = {
  initialState: () => [],
  evolve: (state, event) => [...state, (event as unknown as { data: { title: string } }).data.title.length],
};

describe('loading an aggregate', () => {
  it('reads a stream once, then only what came after the version it holds', async () => {
    const store = new CountingStore();
    const context = createCommandContext({ store });
    await post(store, 1);
    const second = await post(store, 2);
    const first = await loadAggregate(context, 'announcement-a', versions);
    expect(first).toMatchObject({ version: 2, position: 2, hash: second.hash });
    const third = await post(store, 3);
    const again = await loadAggregate(context, 'announcement-a', versions);
    expect(again).toMatchObject({ version: 3, hash: third.hash });
    expect(again.state).toEqual([1, 2, 3]);
    expect(store.reads.map((r) => r.after)).toEqual([0, 2]);
  });

  it('within one command, does not ask for a stream it already brought up to date, until told to forget', async () => {
    const store = new CountingStore();
    const context = createCommandContext({ store });
    await post(store, 1);
    await context.scope.run(async () => {
      await loadAggregate(context, 'announcement-a', versions);
      await loadAggregate(context, 'announcement-a', versions);
      expect(store.reads).toHaveLength(1);
      context.scope.forget(); // a retry after a lost race
      await loadAggregate(context, 'announcement-a', versions);
      expect(store.reads).toHaveLength(2);
    });
    await loadAggregate(context, 'announcement-a', versions); // another command
    expect(store.reads).toHaveLength(3);
  });

  it('keeps each context apart: a cache is only as good as the store it came from', async () => {
    const store = new CountingStore();
    await post(store, 1);
    await loadAggregate(createCommandContext({ store }), 'announcement-a', versions);
    const other = new CountingStore();
    expect(
      (await loadAggregate(createCommandContext({ store: other }), 'announcement-a', versions)).version,
    ).toBe(0);
  });
});
