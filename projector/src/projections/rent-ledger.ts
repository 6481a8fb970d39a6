import { settledMonthKey } from '@building/events/rent-ledger/lease-ledger';
import { rentLedgerView } from '@building/events/read-models/rent-ledger';
import { defineProjection } from '../projection.ts';
import { column } from '../table-spec.ts';

/** The settled-month row a payment or a reminder lands on. */
const monthOf = (data: { si: number; year: number; month: string }) => ({
  month_key: settledMonthKey(data),
  si: data.si,
  year: data.year,
  month: data.month,
});

const nullableTime = () => column.timestamptz({ nullable: true, default: null });

/**
 * The rent ledger's facts (rentLedger): every lease, and what each apartment's month settled (its
 * payment, its reminders). The month-by-month rows are computed from these at the moment asked.
 */
export const rentLedger = defineProjection(rentLedgerView, {
  tables: {
    leases: {
      key: 'lease_id',
      columns: {
        lease_id: column.uuid(),
        email: column.text(),
        name: column.text(),
        si: column.integer(),
        apartment: column.text(),
        rent_poisha: column.bigint(),
        started_at: column.timestamptz(),
        ended_at: nullableTime(),
      },
      lookups: ['email'],
    },
    months: {
      key: 'month_key',
      columns: {
        month_key: column.text(),
        si: column.integer(),
        year: column.integer(),
        month: column.text(),
        paid_amount_poisha: column.bigint({ nullable: true, default: null }),
        coupon_code: column.text({ nullable: true, default: null }),
        paid_at: nullableTime(),
        transaction_id: column.text({ nullable: true, default: null }),
        due_reminded_at: nullableTime(),
        overdue_reminded_at: nullableTime(),
      },
      indexes: [['si', 'year']],
    },
  },
  on: {
    AgreementAccepted: ({ data }) => [
      {
        table: 'leases',
        insert: {
          lease_id: data.requestId,
          email: data.userEmail.toLowerCase(),
          name: data.userName,
          si: data.si,
          apartment: data.apartment,
          rent_poisha: data.rent * 100,
          started_at: data.acceptedAt,
          ended_at: null,
        },
      },
    ],
    LeaseEnded: ({ data }) => [
      {
        table: 'leases',
        update: { ended_at: data.endedAt },
        where: { email: data.userEmail.toLowerCase(), si: data.si, ended_at: null },
      },
    ],
    RentPaid: ({ data }) => [
      {
        table: 'months',
        upsert: {
          ...monthOf(data),
          paid_amount_poisha: data.amountPoisha,
          coupon_code: data.couponCode,
          paid_at: data.paidAt,
          transaction_id: data.transactionId,
        },
      },
    ],
    // A refund made at the provider of the paying charge (full: the month is unpaid again).
    RentRefunded: ({ data }) =>
      data.reason !== 'provider-refund' || data.coveredPoisha === undefined
        ? []
        : [
            {
              table: 'months',
              update:
                data.coveredPoisha > 0
                  ? { paid_amount_poisha: data.coveredPoisha }
                  : { paid_amount_poisha: null, coupon_code: null, paid_at: null, transaction_id: null },
              where: { month_key: settledMonthKey(data), transaction_id: data.paymentIntentId },
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
