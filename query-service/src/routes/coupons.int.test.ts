import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missing } from '@building/infra/testing/infra-availability';
import { createQueryHarness, type QueryHarness } from '../testing/query-harness.ts';

const ana = 'ana@building.test';
const admin = 'admin@building.test';
const codes = (reply: { body: Array<{ code: string }> }) => reply.body.map((c) => c.code);

/**
 * Coupons that apply today, and every coupon with its limits and uses for admins. The history
 * runs in January 2026, so a coupon whose last day was in February has long expired.
 */
describe.skipIf(missing('postgres'))('GET /couponAvailable and /coupons', () => {
  let q: QueryHarness;

  beforeAll(async () => {
    q = await createQueryHarness('coupon_limits');
    const h = q.history;
    await h.register(admin, 'Admin', { admin: true });
    await h.register(ana, 'Ana');
    await h.list(1);
    await h.accept((await h.request(1, ana)).requestId);
    const once = await h.addCoupon('ONCE', 10);
    await h.editCoupon(once.couponId, { discount: 10, description: 'Once only', usageLimit: 1 });
    const gone = await h.addCoupon('GONE', 5);
    await h.editCoupon(gone.couponId, { discount: 5, description: 'Gone', expiresOn: '2026-02-01' });
    const lasting = await h.addCoupon('LASTING', 15);
    await h.editCoupon(lasting.couponId, {
      discount: 20,
      description: 'Twenty now',
      expiresOn: '2099-12-31',
      usageLimit: 5,
    });
    // Started and never paid: not a use. Then January is paid with it: ONCE is used up.
    await h.startPayment(ana, 1, 'February', 2026, 'ONCE');
    await h.pay(ana, 1, 'January', 2026, { code: 'ONCE', discount: 10 });
    await q.catchUp();
  });
  afterAll(() => q?.close());

  it('gives visitors and residents only the coupons that apply today', async () => {
    const available = await q.get('/couponAvailable');
    expect(codes(available)).toEqual(['LASTING']);
    expect(available.body[0]).toMatchObject({
      discount: 20,
      description: 'Twenty now',
      expiresOn: '2099-12-31',
      usageLimit: 5,
      uses: 0,
    });
    expect(codes(await q.get('/coupons', { as: ana }))).toEqual(['LASTING']);
  });

  it('gives admins every coupon with its last day, its limit and its completed uses', async () => {
    const all = (await q.get('/coupons', { as: admin })).body as Array<Record<string, unknown>>;
    expect(
      all.map(({ code, expiresOn, usageLimit, uses }) => ({ code, expiresOn, usageLimit, uses })),
    ).toEqual([
      { code: 'ONCE', expiresOn: null, usageLimit: 1, uses: 1 },
      { code: 'GONE', expiresOn: '2026-02-01', usageLimit: null, uses: 0 },
      { code: 'LASTING', expiresOn: '2099-12-31', usageLimit: 5, uses: 0 },
    ]);
  });
});
