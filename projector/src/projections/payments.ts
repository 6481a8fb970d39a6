import { defineProjection } from '../projection.ts';

/** Payment history (paymentHistory): one row per RentPaid, money in poisha. */
export const payments = defineProjection({
  view: 'payments',
  version: 1,
  audience: 'owner',
  tables: {
    payments: (t) => `create table if not exists ${t} (
      payment_id uuid primary key,
      email text not null,
      name text not null,
      month text not null,
      year integer not null,
      transaction_id text not null,
      paid_at timestamptz not null,
      si integer not null,
      apartment text not null,
      block text not null,
      floor integer not null,
      rent_poisha bigint not null,
      coupon_code text,
      discount integer not null,
      amount_poisha bigint not null
    );
    create index if not exists ${t}_by_email on ${t} (email, paid_at)`,
  },
  on: {
    RentPaid: (trx, { id, data }, t) =>
      trx(t.payments)
        .insert({
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
        })
        .onConflict('payment_id')
        .ignore(),
  },
});
