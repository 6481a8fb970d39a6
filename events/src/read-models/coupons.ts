import { z } from 'zod';
import { defineReadModel } from './read-model.ts';

/**
 * GET /couponAvailable, GET /coupons: coupons in the order they were added, each with its last
 * day (`expiresOn`, Dhaka, YYYY-MM-DD, or null), its limit of uses (or null) and how many
 * completed payments used it. Visitors and members get only those that apply today; admins all.
 * Version 2: version 1 had neither limits nor uses.
 */
export const couponsView = defineReadModel({
  view: 'coupons',
  version: 2,
  audience: 'public',
  tables: ['coupons', 'redemptions'],
  events: [
    'CouponAdded',
    'CouponDisabled',
    'CouponEnabled',
    'CouponEdited',
    'CouponLimitsSet',
    'CouponRedeemed',
  ],
  row: z.object({
    coupon_id: z.string(),
    code: z.string(),
    discount: z.number().int(),
    description: z.string(),
    status: z.enum(['available', 'unavailable']),
    expires_on: z.string().nullable(),
    usage_limit: z.number().int().nullable(),
    // count(*) arrives as a string
    uses: z.coerce.number().int().nonnegative(),
  }),
  response: z.object({
    _id: z.string(),
    code: z.string(),
    discount: z.number().int(),
    description: z.string(),
    status: z.enum(['available', 'unavailable']),
    expiresOn: z.string().nullable(),
    usageLimit: z.number().int().nullable(),
    uses: z.number().int().nonnegative(),
  }),
  toResponse: ({ coupon_id, expires_on, usage_limit, ...r }) => ({
    _id: coupon_id,
    ...r,
    expiresOn: expires_on,
    usageLimit: usage_limit,
  }),
});
export type Coupon = z.infer<typeof couponsView.response>;
