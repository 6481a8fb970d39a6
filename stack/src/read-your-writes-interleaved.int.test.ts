import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missing } from '@building/infra/testing/infra-availability';
import { createViewsHarness, type ViewsHarness } from '@building/projector/testing/views-harness';
import { createQueryHarness, type QueryHarness } from '@building/query-service/testing/query-harness';

// Across two services: the projector in-process applies events in an order of the test's choosing
// (as Kafka partitions may deliver them), and the query-service's X-Min-Position must hold.
describe.skipIf(missing('postgres'))('X-Min-Position under interleaved delivery', () => {
  let q: QueryHarness<ViewsHarness>;
  beforeAll(async () => {
    q = await createQueryHarness('ryw_interleaved', { maxWaitMs: 300, views: createViewsHarness });
  });
  afterAll(() => q?.close());

  it('waits for the event AT N, not for any later position', async () => {
    const early = await q.history.addCoupon('EARLY', 10);
    const late = await q.history.addCoupon('LATE', 20);
    const [earlyEvent] = await q.store.readStream(`coupon-${early.couponId}`);
    const [lateEvent] = await q.store.readStream(`coupon-${late.couponId}`);

    // Another partition delivers the later event first.
    await q.projector.project([lateEvent!]);
    const waited = await q.get('/couponAvailable', {
      headers: { 'X-Min-Position': String(earlyEvent!.position) },
    });
    expect(waited.status).toBe(200);
    expect(Number(waited.headers.get('x-position'))).toBe(lateEvent!.position);
    expect(waited.body.map((c: { code: string }) => c.code)).toEqual(['LATE']); // the bound passed; N not reached

    await q.projector.project([earlyEvent!]);
    const seen = await q.get('/couponAvailable', {
      headers: { 'X-Min-Position': String(earlyEvent!.position) },
    });
    expect(seen.body.map((c: { code: string }) => c.code).sort()).toEqual(['EARLY', 'LATE']);
  });

  it('wakes as soon as the event is applied, within the bound', async () => {
    const coupon = await q.history.addCoupon('SOON', 15);
    const reply = q.get('/couponAvailable', { headers: { 'X-Min-Position': String(coupon.position) } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await q.catchUp();
    expect((await reply).body.map((c: { code: string }) => c.code)).toContain('SOON');
  });
});
