import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readModelOf } from '@building/events/read-models/all-read-models';
import { runProjectionsCli } from './testing/projector-process.ts';
import { createQueryHarness, type QueryHarness } from './testing/query-harness.ts';

describe('the cache after a projection rebuild', () => {
  let h: QueryHarness;
  beforeAll(async () => {
    h = await createQueryHarness('rebuildcache');
  });
  afterAll(() => h.close());

  it('never serves the replaced tables once the rebuilt ones are swapped in at the same position', async () => {
    const { position } = await h.history.addCoupon('WINTER10', 10, 'Winter discount');
    await h.catchUp();
    await h.heard('coupons', position);
    // A damaged view (say, a bug the new projection version fixes) is read and cached.
    await h.db('coupons_v2_coupons').update({ description: 'damaged' });
    const damaged = await h.get('/couponAvailable');
    expect(damaged.body.map((c: { description: string }) => c.description)).toEqual(['damaged']);

    // The operator's rebuild, as its own process (npm run projections -- rebuild coupons_v2).
    await runProjectionsCli(h.test.url, ['rebuild', readModelOf('coupons').name]);
    // Same log position as before the rebuild: only the generation tells the cache apart.
    for (let i = 0; i < 200 && h.changes.versionOf('coupons') === `${position}.0`; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const rebuilt = await h.get('/couponAvailable');
    expect(rebuilt.body.map((c: { description: string }) => c.description)).toEqual(['Winter discount']);
    expect(h.changes.positionOf('coupons')).toBe(position);
  });
});
