import { z } from 'zod';
import { monthSchema } from '../catalogue.ts';
import { defineReadModel } from './read-model.ts';

/** A payment row is a rent paid, or the refund of a second charge for a month already paid. */
export const paymentStatuses = ['paid', 'refunded'] as const;
export const refundReasons = ['duplicate-charge', 'provider-refund'] as const;

/**
 * GET /payments/:email[?month=]: one row per rent paid (`payments`) and one per second charge
 * refunded (`refunds`, shown with the apartment of the month's paid row); money stored in poisha,
 * answered in taka. No refund was recorded before the refunds table existed: version 1 holds it.
 */
export const paymentsView = defineReadModel({
  view: 'payments',
  version: 1,
  audience: 'owner',
  tables: ['payments', 'refunds'],
  events: ['RentPaid', 'RentRefunded'],
  row: z.object({
    payment_id: z.string(),
    email: z.string(),
    name: z.string(),
    month: monthSchema,
    year: z.number().int(),
    transaction_id: z.string(),
    /** When it was paid, or refunded. */
    paid_at: z.date(),
    si: z.number().int(),
    apartment: z.string(),
    block: z.string(),
    floor: z.number().int(),
    coupon_code: z.string().nullable(),
    discount: z.number().int(),
    // bigint columns arrive as strings
    amount_poisha: z.coerce.number().int(),
    status: z.enum(paymentStatuses),
    refund_reason: z.enum(refundReasons).nullable(),
  }),
  response: z.object({
    _id: z.string(),
    email: z.string(),
    name: z.string(),
    month: monthSchema,
    year: z.number().int(),
    /** What was paid (or given back), in taka. */
    price: z.number(),
    TransactionId: z.string(),
    /** Unix seconds: when it was paid, or refunded. */
    time: z.number().int(),
    si: z.number().int(),
    apartment: z.string(),
    block: z.string(),
    floor: z.number().int(),
    couponCode: z.string().nullable(),
    discount: z.number().int(),
    /**
     * 'refunded': money given back (no receipt): a second charge for a month already paid
     * (`duplicate-charge`), or a refund made at the provider (`provider-refund`).
     */
    status: z.enum(paymentStatuses),
    refundReason: z.enum(refundReasons).nullable(),
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
    status: r.status,
    refundReason: r.refund_reason,
  }),
});
export type Payment = z.infer<typeof paymentsView.response>;
