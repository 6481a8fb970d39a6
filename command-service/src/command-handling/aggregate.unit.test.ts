import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '@building/events/envelope';
import type { PostgresEventStore } from '@building/infra/event-store/event-store';
import { prepareEvents } from '@building/infra/event-store/prepared-event';
import { loadAggregate, type Aggregate } from './aggregate.ts';
import { forgetReads, withCommandScope } from './command-scope.ts';

/** A stand-in for the store's one read that loading uses, counting what it is asked. */
function storeWith(events: StoredEvent[]) {
  const reads: Array<{ stream: string; after: number }> = [];
  const store = {
    async readStreamAfter(stream: string, after: number) {
      reads.push({ stream, after });
      return events.filter((e) => e.stream === stream && e.version > after);
    },
  } as unknown as PostgresEventStore;
  return { store, reads, events };
}

/** The stream's event at `version`, hashed and chained like the store's (titles of `version` letters). */
const chain: StoredEvent[] = [];
const named = (version: number): StoredEvent => {
  while (chain.length < version) {
    const head = chain.at(-1);
    const [event] = prepareEvents(
      'announcement-a',
      { version: head?.version ?? 0, hash: head?.hash ?? null },
      [
        {
          type: 'AnnouncementPosted',
          data: {
            announcementId: '5f0f6f7e-0b8a-4d6a-9a3c-2d1e0f9b8a7c',
            title: 'v'.repeat(chain.length + 1),
            description: 'd',
          },
        },
      ],
      { now: new Date('2026-11-01T10:00:00Z'), actor: 'system', correlationId: crypto.randomUUID() },
    );
    chain.push({ ...event!, position: (chain.length + 1) * 10 });
  }
  return chain[version - 1]!;
};
const versions: Aggregate<number[]> = {
  initialState: () => [],
  evolve: (state, event) => [...state, (event as unknown as { data: { title: string } }).data.title.length],
};

describe('loading an aggregate', () => {
  it('reads a stream once, then only what came after the version it holds', async () => {
    const { store, reads, events } = storeWith([named(1), named(2)]);
    const first = await loadAggregate(store, 'announcement-a', versions);
    expect(first).toMatchObject({ version: 2, position: 20, hash: named(2).hash });
    events.push(named(3));
    const second = await loadAggregate(store, 'announcement-a', versions);
    expect(second).toMatchObject({ version: 3, hash: named(3).hash });
    expect(second.state).toHaveLength(3);
    expect(reads.map((r) => r.after)).toEqual([0, 2]);
  });

  it('within one command, does not ask for a stream it already brought up to date, until told to forget', async () => {
    const { store, reads } = storeWith([named(1)]);
    await withCommandScope(async () => {
      await loadAggregate(store, 'announcement-a', versions);
      await loadAggregate(store, 'announcement-a', versions);
      expect(reads).toHaveLength(1);
      forgetReads(); // a retry after a lost race
      await loadAggregate(store, 'announcement-a', versions);
      expect(reads).toHaveLength(2);
    });
    await loadAggregate(store, 'announcement-a', versions); // another command
    expect(reads).toHaveLength(3);
  });
});
