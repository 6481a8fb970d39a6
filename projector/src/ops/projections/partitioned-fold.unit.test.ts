import { describe, expect, it } from 'vitest';
import { decodeProjectedEvent, type ProjectedEvent } from '@building/events/decode-event';
import { coupons } from '../../projections/coupons.ts';
import { liveTarget } from '../../projection-target.ts';
import { ViewBatch } from '../../view-batch.ts';
import { PartitionedFold } from './partitioned-fold.ts';

const couponA = '11111111-1111-4111-8111-111111111111';
const couponB = '22222222-2222-4222-8222-222222222222';
const couponC = '33333333-3333-4333-8333-333333333333';
let position = 0;

function event(couponId: string, version: number, type: string, data: object = {}): ProjectedEvent {
  position += 1;
  return decodeProjectedEvent({
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    stream: `coupon-${couponId}`,
    version,
    position,
    type,
    schemaVersion: 1,
    data: { couponId, ...data },
    occurredAt: new Date(Date.UTC(2026, 0, 5, 9, position)).toISOString(),
  });
}

const added = (couponId: string, code: string) =>
  event(couponId, 1, 'CouponAdded', { code, discount: 10, description: '' });

describe('a rebuild folded by partitions', () => {
  // Out of order, repeated and missing versions: what the live engine parks, drains and skips.
  const log: ProjectedEvent[] = [
    added(couponA, 'EID'),
    event(couponA, 3, 'CouponEnabled'), // parked: version 2 has not come
    added(couponB, 'PUJA'),
    event(couponA, 2, 'CouponDisabled'), // applies, then lets version 3 apply
    added(couponA, 'AGAIN'), // a redelivery: skipped
    event(couponB, 3, 'CouponDisabled'), // parked for good: version 2 never comes
    added(couponC, 'NEW'),
    event(couponC, 2, 'CouponDisabled'),
  ];

  it('makes the rows, checkpoints and parked events of one fold of the whole log', () => {
    const whole = new ViewBatch(liveTarget(coupons));
    for (const step of log) whole.fold(step, () => {});
    expect(whole.parks.map((p) => p.error)).toEqual([`expected version 2 of coupon-${couponB}, got 3`]);

    for (const partitions of [1, 2, 5]) {
      const fold = new PartitionedFold([liveTarget(coupons)], partitions);
      for (const step of log) fold.spill(step);
      const checkpoints = new Map<string, number>();
      for (let p = 0; p < partitions; p++) {
        for (const streams of fold.admit(p, () => {}).values())
          for (const [stream, version] of streams) checkpoints.set(stream, version);
      }
      const rows = [];
      for (let p = 0; p < partitions; p++) rows.push(...fold.rowsOf(p)[0]!.coupons!.all());
      fold.remove();

      const byKey = (a: Record<string, unknown>, b: Record<string, unknown>) =>
        String(a.coupon_id).localeCompare(String(b.coupon_id));
      expect(rows.sort(byKey)).toEqual([...whole.tables.coupons!.all()].sort(byKey));
      expect(rows.find((r) => r.coupon_id === couponA)).toMatchObject({ code: 'EID', status: 'available' });
      expect(Object.fromEntries(checkpoints)).toEqual(Object.fromEntries(whole.versions));
      expect(fold.parksToFetch.map((p) => p.error)).toEqual(whole.parks.map((p) => p.error));
      expect(fold.views[0]!.position).toBe(whole.position);
    }
  });

  it('hands the rows of tables of inserts only to a sink, and tells whether every event applied in its place', () => {
    const redeemed = (couponId: string, version: number) =>
      event(couponId, version, 'CouponRedeemed', {
        si: 101,
        month: 'January',
        year: 2026,
        paymentIntentId: `pi_${version}`,
      });
    const orderly = [added(couponA, 'EID'), redeemed(couponA, 2), redeemed(couponA, 3)];
    for (const [events, applied] of [
      [orderly, true],
      [[...orderly, redeemed(couponA, 5)], false],
    ] as const) {
      const sunk: Array<[number, string, string]> = [];
      const fold = new PartitionedFold([liveTarget(coupons)], 2, {
        add: (view, table, row) => sunk.push([view, table, String(row.redemption_id)]),
      });
      for (const step of events) fold.spill(step);
      for (let p = 0; p < 2; p++) fold.admit(p, () => {});
      const rows = [0, 1].flatMap((p) => [...fold.rowsOf(p)[0]!.redemptions!.all()]);
      fold.remove();
      expect(rows).toEqual([]);
      expect(sunk).toEqual(
        events.filter((e) => e.type === 'CouponRedeemed').map((e) => [0, 'redemptions', e.id]),
      );
      expect(fold.orderly).toBe(applied);
    }
  });
});
