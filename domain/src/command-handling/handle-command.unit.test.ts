import { describe, expect, it } from 'vitest';
import { streams } from '@building/events/streams';
import { InMemoryEventStore } from '../event-store/in-memory-event-store.ts';
import { couponAggregate } from '../coupon/coupon.ts';
import { addCoupon, disableCoupon } from '../coupon/commands.ts';
import { couponIdFor } from '../coupon/coupon-id.ts';
import type { Caller } from './caller.ts';
import { createCommandContext } from './command-context.ts';
import { loadAggregate } from './load-aggregate.ts';

const admin: Caller = { email: 'admin@building.test', role: 'admin', name: 'Admin' };
const now = new Date('2026-11-01T10:00:00Z');

describe('handling a command', () => {
  it('appends each decision at the version it read, and a later load reads only what is newer', async () => {
    const store = new InMemoryEventStore();
    const read: number[] = [];
    const readStreamAfter = store.readStreamAfter.bind(store);
    store.readStreamAfter = async (stream, after) => {
      const events = await readStreamAfter(stream, after);
      read.push(events.length);
      return events;
    };
    const context = createCommandContext({ store });
    const added = await addCoupon(context, {
      code: 'EID10',
      discount: 10,
      description: '',
      caller: admin,
      now,
    });
    await disableCoupon(context, { couponId: added.couponId, caller: admin, now });
    const coupon = await loadAggregate(context, streams.coupon(couponIdFor('EID10')), couponAggregate);
    expect(coupon).toMatchObject({ version: 2, state: { status: 'added', available: false } });
    expect(read).toEqual([0, 1, 1]); // the add found nothing, the disable the add, the last load the disable
  });

  it('refuses, with nothing appended, a decision the rules refuse', async () => {
    const store = new InMemoryEventStore();
    const context = createCommandContext({ store });
    const member: Caller = { email: 'mina@building.test', role: 'member', name: 'Mina' };
    await expect(
      addCoupon(context, { code: 'X', discount: 10, description: '', caller: member, now }),
    ).rejects.toMatchObject({ code: 'admin-only' });
    expect(store.allEvents()).toEqual([]);
  });
});
