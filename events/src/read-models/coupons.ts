import { z } from 'zod';
import { defineReadModel } from './read-model.ts';

/** GET /couponAvailable, GET /coupons: coupons in the order they were added. */
export const couponsView = defineReadModel({
  view: 'coupons',
  version: 1,
  audience: 'public',
  tables: ['coupons'],
  events: ['CouponAdded', 'CouponDisabled', 'CouponEnabled'],
  row: z.object({
    coupon_id: z.string(),
    code: z.string(),
    discount: z.number().int(),
    description: z.string(),
    status: z.enum(['available', 'unavailable']),
  }),
  response: z.object({
    _id: z.string(),
    code: z.string(),
    discount: z.number().int(),
    description: z.string(),
    status: z.enum(['available', 'unavailable']),
  }),
  toResponse: ({ coupon_id, ...r }) => ({ _id: coupon_id, ...r }),
});
export type Coupon = z.infer<typeof couponsView.response>;
