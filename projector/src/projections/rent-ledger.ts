import { settledMonthKey } from '@building/events/rent-ledger/lease-ledger';
import { rentLedgerView } from '@building/events/read-models/rent-ledger';
import { defineProjection } from '../projection.ts';
import { column } from '../table-spec.ts';
import { leaseRows, leaseTable } from './lease-rows.ts';

const leases = leaseRows('leases');

/** The settled-month row a payment or a reminder lands on. */
const monthOf = (data: { si: number; year: number; month: string }) => ({
  month_key: settledMonthKey(data),
  si: data.si,
  year: data.year,
  month: data.month,
});

const nullableTime = () => column.timestamptz({ nullable: true, default: null });

/**
 * The rent ledger's facts (rentLedger): every lease, each apartment's month's reminders, and each
 * payment and refund of a month as a row of its own with its moment (nothing is lowered in place, so
 * the ledger at a past date shows the money as it stood). The month-by-month rows are computed from
 * these at the moment asked.
 */
export const rentLedger = defineProjection(rentLedgerView, {
  tables: {
    leases: leaseTable,
    months: {
      key: 'month_key',
      columns: {
        month_key: column.text(),
        si: column.integer(),
        year: column.integer(),
        month: column.text(),
        due_reminded_at: nullableTime(),
        overdue_reminded_at: nullableTime(),
      },
      indexes: [['si', 'year']],
    },
    money: {
      key: 'money_id',
      columns: {
        money_id: column.uuid(),
        si: column.integer(),
        year: column.integer(),
        month: column.text(),
        kind: column.text(),
        amount_poisha: column.bigint(),
        coupon_code: column.text({ nullable: true, default: null }),
        transaction_id: column.text(),
        at: column.timestamptz(),
      },
      indexes: [['si', 'year']],
    },
  },
  on: {
    AgreementAccepted: leases.accepted,
    LeaseEnded: leases.ended,
    RentPaid: ({ id, data }) => [
      {
        table: 'money',
        insert: {
          money_id: id,
          si: data.si,
          year: data.year,
          month: data.month,
          kind: 'paid',
          amount_poisha: data.amountPoisha,
          coupon_code: data.couponCode,
          transaction_id: data.transactionId,
          at: data.paidAt,
        },
      },
    ],
    // A refund made at the provider of a payment of the month (a second charge's never paid it).
    RentRefunded: ({ id, data }) =>
      data.reason !== 'provider-refund'
        ? []
        : [
            {
              table: 'money',
              insert: {
                money_id: id,
                si: data.si,
                year: data.year,
                month: data.month,
                kind: 'refunded',
                amount_poisha: data.amountPoisha,
                coupon_code: null,
                transaction_id: data.paymentIntentId,
                at: data.refundedAt,
              },
            },
          ],
    RentReminderIssued: ({ data }) => [
      {
        table: 'months',
        upsert: {
          ...monthOf(data),
          [data.kind === 'due' ? 'due_reminded_at' : 'overdue_reminded_at']: data.issuedAt,
        },
      },
    ],
  },
});
