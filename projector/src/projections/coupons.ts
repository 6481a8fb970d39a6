import { couponsView } from '@building/events/read-models/coupons';
import { defineProjection } from '../projection.ts';
import { column } from '../table-spec.ts';

/** Coupons (home page, payment page, manageCoupon). */
export const coupons = defineProjection(couponsView, {
  tables: {
    coupons: {
      key: 'coupon_id',
      columns: {
        coupon_id: column.uuid(),
        code: column.text(),
        discount: column.integer(),
        description: column.text(),
        status: column.text(),
        added_position: column.bigint(),
      },
    },
  },
  on: {
    CouponAdded: ({ data, position }) => [
      {
        table: 'coupons',
        insert: {
          coupon_id: data.couponId,
          code: data.code,
          discount: data.discount,
          description: data.description,
          status: 'available',
          added_position: position,
        },
      },
    ],
    CouponDisabled: ({ data }) => [
      { table: 'coupons', update: { status: 'unavailable' }, where: { coupon_id: data.couponId } },
    ],
    CouponEnabled: ({ data }) => [
      { table: 'coupons', update: { status: 'available' }, where: { coupon_id: data.couponId } },
    ],
  },
});
