import { couponsView } from '@building/events/read-models/coupons';
import { defineProjection } from '../projection.ts';
import { column } from '../table-spec.ts';

const where = (data: { couponId: string }) => ({ coupon_id: data.couponId });

/** Coupons (home page, payment page, manageCoupon), and each completed payment that used one. */
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
        expires_on: column.text({ nullable: true }),
        usage_limit: column.integer({ nullable: true }),
      },
    },
    redemptions: {
      // One row per redeeming event: counted when read, so a redelivery counts nothing twice.
      key: 'redemption_id',
      insertOnly: true,
      columns: { redemption_id: column.uuid(), coupon_id: column.uuid() },
      indexes: [['coupon_id']],
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
          expires_on: null,
          usage_limit: null,
        },
      },
    ],
    CouponDisabled: ({ data }) => [
      { table: 'coupons', update: { status: 'unavailable' }, where: where(data) },
    ],
    CouponEnabled: ({ data }) => [{ table: 'coupons', update: { status: 'available' }, where: where(data) }],
    CouponEdited: ({ data }) => [
      {
        table: 'coupons',
        update: { discount: data.discount, description: data.description },
        where: where(data),
      },
    ],
    CouponLimitsSet: ({ data }) => [
      {
        table: 'coupons',
        update: { expires_on: data.expiresOn, usage_limit: data.usageLimit },
        where: where(data),
      },
    ],
    CouponRedeemed: ({ id, data }) => [
      { table: 'redemptions', insert: { redemption_id: id, coupon_id: data.couponId } },
    ],
  },
});
