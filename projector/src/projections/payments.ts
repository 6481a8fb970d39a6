import { paymentsView } from '@building/events/read-models/payments';
import { defineProjection } from '../projection.ts';
import { column } from '../table-spec.ts';

/**
 * Payment history (paymentHistory): one row per RentPaid, one per RentRefunded (a second charge
 * given back; the month stays paid by its RentPaid row), money in poisha.
 */
export const payments = defineProjection(paymentsView, {
  tables: {
    payments: {
      key: 'payment_id',
      insertOnly: true,
      columns: {
        payment_id: column.uuid(),
        email: column.text(),
        name: column.text(),
        month: column.text(),
        year: column.integer(),
        transaction_id: column.text(),
        paid_at: column.timestamptz(),
        si: column.integer(),
        apartment: column.text(),
        block: column.text(),
        floor: column.integer(),
        rent_poisha: column.bigint(),
        coupon_code: column.text({ nullable: true }),
        discount: column.integer(),
        amount_poisha: column.bigint(),
      },
      // the second index finds the paid row a refund is shown with
      indexes: [
        ['email', 'paid_at'],
        ['si', 'year', 'month'],
      ],
    },
    refunds: {
      key: 'refund_id',
      insertOnly: true,
      columns: {
        refund_id: column.uuid(),
        payment_intent_id: column.text(),
        email: column.text(),
        si: column.integer(),
        month: column.text(),
        year: column.integer(),
        amount_poisha: column.bigint(),
        reason: column.text(),
        refunded_at: column.timestamptz(),
      },
      indexes: [['email', 'refunded_at']],
    },
  },
  on: {
    RentPaid: ({ id, data }) => [
      {
        table: 'payments',
        insert: {
          payment_id: id,
          email: data.email.toLowerCase(),
          name: data.name,
          month: data.month,
          year: data.year,
          transaction_id: data.transactionId,
          paid_at: data.paidAt,
          si: data.si,
          apartment: data.apartment,
          block: data.block,
          floor: data.floor,
          rent_poisha: data.rentPoisha,
          coupon_code: data.couponCode,
          discount: data.discount,
          amount_poisha: data.amountPoisha,
        },
      },
    ],
    RentRefunded: ({ id, data }) => [
      {
        table: 'refunds',
        insert: {
          refund_id: id,
          payment_intent_id: data.paymentIntentId,
          email: data.email.toLowerCase(),
          si: data.si,
          month: data.month,
          year: data.year,
          amount_poisha: data.amountPoisha,
          reason: data.reason,
          refunded_at: data.refundedAt,
        },
      },
    ],
  },
});
