import { defineProjection } from '../projection.ts';

/** Coupons (home page, payment page, manageCoupon). */
export const coupons = defineProjection({
  view: 'coupons',
  version: 1,
  audience: 'public',
  tables: {
    coupons: (t) => `create table if not exists ${t} (
      coupon_id uuid primary key,
      code text not null,
      discount integer not null,
      description text not null,
      status text not null,
      added_position bigint not null
    )`,
  },
  on: {
    CouponAdded: (trx, { data, position }, t) =>
      trx(t.coupons)
        .insert({
          coupon_id: data.couponId,
          code: data.code,
          discount: data.discount,
          description: data.description,
          status: 'available',
          added_position: position,
        })
        .onConflict('coupon_id')
        .ignore(),
    CouponDisabled: (trx, { data }, t) =>
      trx(t.coupons).where({ coupon_id: data.couponId }).update({ status: 'unavailable' }),
    CouponEnabled: (trx, { data }, t) =>
      trx(t.coupons).where({ coupon_id: data.couponId }).update({ status: 'available' }),
  },
});
