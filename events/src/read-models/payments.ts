import { z } from 'zod';
import { monthSchema } from '../catalogue.ts';
import { defineReadModel } from './read-model.ts';

/** GET /payments/:email[?month=]: one row per rent paid; money stored in poisha, answered in taka. */
export const paymentsView = defineReadModel({
  view: 'payments',
  version: 1,
  audience: 'owner',
  tables: ['payments'],
  events: ['RentPaid'],
  row: z.object({
    payment_id: z.string(),
    email: z.string(),
    name: z.string(),
    month: monthSchema,
    year: z.number().int(),
    transaction_id: z.string(),
    paid_at: z.date(),
    si: z.number().int(),
    apartment: z.string(),
    block: z.string(),
    floor: z.number().int(),
    coupon_code: z.string().nullable(),
    discount: z.number().int(),
    // bigint columns arrive as strings
    amount_poisha: z.coerce.number().int(),
  }),
  response: z.object({
    _id: z.string(),
    email: z.string(),
    name: z.string(),
    month: monthSchema,
    year: z.number().int(),
    /** What was paid, in taka. */
    price: z.number(),
    TransactionId: z.string(),
    /** Unix seconds. */
    time: z.number().int(),
    si: z.number().int(),
    apartment: z.string(),
    block: z.string(),
    floor: z.number().int(),
    couponCode: z.string().nullable(),
    discount: z.number().int(),
  }),
  toResponse: (r) => ({
    _id: r.payment_id,
    email: r.email,
    name: r.name,
    month: r.month,
    year: r.year,
    price: r.amount_poisha / 100,
    TransactionId: r.transaction_id,
    time: Math.floor(r.paid_at.getTime() / 1000),
    si: r.si,
    apartment: r.apartment,
    block: r.block,
    floor: r.floor,
    couponCode: r.coupon_code,
    discount: r.discount,
  }),
});
export type Payment = z.infer<typeof paymentsView.response>;
