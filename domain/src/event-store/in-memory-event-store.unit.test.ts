import { describe, expect, it } from 'vitest';
import { eventStoreContract } from '../testing/event-store-contract.ts';
import { InMemoryEventStore } from './in-memory-event-store.ts';

eventStoreContract('the in-memory store', () => new InMemoryEventStore());

describe('the in-memory store', () => {
  it('numbers from the first position it is given, names events as told and reports each append', async () => {
    const heard: number[] = [];
    let n = 0;
    const store = new InMemoryEventStore({
      firstPosition: 41,
      newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
      onAppend: (events) => heard.push(...events.map((e) => e.position)),
    });
    const meta = {
      now: new Date('2026-11-01T10:00:00Z'),
      actor: 'system' as const,
      correlationId: crypto.randomUUID(),
    };
    await store.append(
      [{ stream: 'coupon-a', expectedVersion: 0, events: [{ type: 'Ping', data: {} }] }],
      meta,
    );
    await store.append(
      [{ stream: 'coupon-b', expectedVersion: 0, events: [{ type: 'Ping', data: {} }] }],
      meta,
    );
    expect(heard).toEqual([41, 42]);
    expect(store.allEvents().map((e) => e.id.slice(-2))).toEqual(['01', '02']);
    expect(store.lastPosition()).toBe(42);
  });
});

describe('an in-memory store that keeps no log', () => {
  it('forgets a stream it is done with, and refuses to touch it again', async () => {
    const store = new InMemoryEventStore({ keepLog: false });
    const meta = { now: new Date('2026-11-01T10:00:00Z'), actor: 'system' as const, correlationId: 'c' };
    const ping = (stream: string, expectedVersion: number) =>
      store.append([{ stream, expectedVersion, events: [{ type: 'Ping', data: {} }] }], meta);
    await ping('coupon-a', 0);
    await ping('coupon-b', 0);
    store.forget('coupon-a');
    expect(await store.readStreamAfter('coupon-b', 0)).toHaveLength(1);
    await expect(store.readStreamAfter('coupon-a', 0)).rejects.toThrow(/forgotten/);
    await expect(store.streamHeads(['coupon-a'])).rejects.toThrow(/forgotten/);
    await expect(ping('coupon-a', 1)).rejects.toThrow(/forgotten/);
    expect(() => store.allEvents()).toThrow(/no log/);
  });
});
