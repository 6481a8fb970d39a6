import { createCommandContext } from '@building/domain/command-handling/command-context';
import { addCoupon, disableCoupon } from '@building/domain/coupon/commands';
import { InMemoryEventStore } from '@building/domain/event-store/in-memory-event-store';
import { admin, now } from '@building/domain/testing/fixtures';
import { describe, expect, it } from 'vitest';
import { countCommands } from './count-commands.ts';
import { commandsTotal } from './metrics.ts';

const counted = async (command: string, outcome: string) =>
  (await commandsTotal.get()).values.find((v) => v.labels.command === command && v.labels.outcome === outcome)
    ?.value ?? 0;

describe('commands counted at the handler door', () => {
  it('counts a handler called without HTTP, by command and outcome (ok or the refusal code)', async () => {
    const context = createCommandContext({ store: new InMemoryEventStore(), observer: countCommands });
    const before = {
      ok: await counted('AddCoupon', 'ok'),
      taken: await counted('AddCoupon', 'coupon-code-taken'),
      missing: await counted('DisableCoupon', 'coupon-not-found'),
    };
    const coupon = { code: 'EID10', discount: 10, description: 'Eid', caller: admin, now };
    await addCoupon(context, coupon);
    await expect(addCoupon(context, coupon)).rejects.toMatchObject({ code: 'coupon-code-taken' });
    await expect(disableCoupon(context, { couponId: 'nope', caller: admin, now })).rejects.toMatchObject({
      code: 'coupon-not-found',
    });
    expect(await counted('AddCoupon', 'ok')).toBe(before.ok + 1);
    expect(await counted('AddCoupon', 'coupon-code-taken')).toBe(before.taken + 1);
    expect(await counted('DisableCoupon', 'coupon-not-found')).toBe(before.missing + 1);
  });

  it('counts nothing for a context without an observer', async () => {
    const context = createCommandContext({ store: new InMemoryEventStore() });
    const before = await counted('AddCoupon', 'ok');
    await addCoupon(context, { code: 'WINTER5', discount: 5, description: 'Winter', caller: admin, now });
    expect(await counted('AddCoupon', 'ok')).toBe(before);
  });
});
