import { describe, expect, it } from 'vitest';
import { verifyStream } from '@building/events/hash-chain';
import { eventStoreContract } from '../testing/event-store-contract.ts';
import { ConcurrencyError } from './concurrency-error.ts';
import { InMemoryEventStore } from './in-memory-event-store.ts';
import { StagedEventStore } from './staged-event-store.ts';

eventStoreContract('the staged store', () => new StagedEventStore(new InMemoryEventStore()));

const meta = () => ({
  now: new Date('2026-11-01T10:00:00Z'),
  actor: 'import' as const,
  correlationId: crypto.randomUUID(),
});
const ping = (n: number) => ({ type: 'Ping', data: { n } });

describe('the staged store', () => {
  it('reads through to the store underneath, keeps its appends to itself until the commit, then records them in one append', async () => {
    const under = new InMemoryEventStore();
    await under.append([{ stream: 'coupon-a', expectedVersion: 0, events: [ping(1)] }], meta());
    const staged = new StagedEventStore(under);
    await staged.append([{ stream: 'coupon-a', expectedVersion: 1, events: [ping(2)] }], meta());
    await staged.append([{ stream: 'user-b', expectedVersion: 0, events: [ping(3)] }], meta());
    await staged.append([{ stream: 'coupon-a', expectedVersion: 2, events: [ping(4)] }], meta());
    expect((await staged.readStreamAfter('coupon-a', 0)).map((e) => e.data)).toEqual([
      { n: 1 },
      { n: 2 },
      { n: 4 },
    ]);
    expect(under.allEvents()).toHaveLength(1);
    expect(staged.stagedEvents().map((e) => e.data)).toEqual([{ n: 2 }, { n: 3 }, { n: 4 }]);

    const committed = await staged.commit(meta());
    expect(committed?.events.map((e) => [e.stream, e.version, e.actor])).toEqual([
      ['coupon-a', 2, 'import'],
      ['coupon-a', 3, 'import'],
      ['user-b', 1, 'import'],
    ]);
    expect(verifyStream(await under.readStreamAfter('coupon-a', 0))).toBeNull();
  });

  it('commits nothing when nothing was staged, and nothing at all when a stream moved on underneath', async () => {
    const under = new InMemoryEventStore();
    expect(await new StagedEventStore(under).commit(meta())).toBeNull();
    const staged = new StagedEventStore(under);
    await staged.append([{ stream: 'user-b', expectedVersion: 0, events: [ping(1)] }], meta());
    await staged.append([{ stream: 'coupon-a', expectedVersion: 0, events: [ping(2)] }], meta());
    await under.append([{ stream: 'coupon-a', expectedVersion: 0, events: [ping(9)] }], meta());
    await expect(staged.commit(meta())).rejects.toBeInstanceOf(ConcurrencyError);
    expect(under.allEvents().map((e) => e.data)).toEqual([{ n: 9 }]);
  });
});
