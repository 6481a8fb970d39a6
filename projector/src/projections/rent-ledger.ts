import { cardCreditPoisha } from '@building/events/account/card-credit';
import { settledMonthKey } from '@building/events/rent-ledger/lease-ledger';
import { rentLedgerView, type monthMoneyKinds } from '@building/events/read-models/rent-ledger';
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
const nullableText = () => column.text({ nullable: true, default: null });

type MonthMoneyKind = (typeof monthMoneyKinds)[number];

/** A money row's own columns (the rest default to none). */
interface MoneyRow {
  kind: MonthMoneyKind;
  transaction_id: string;
  at: string;
  amount_poisha?: number;
  credit_poisha?: number;
  coupon_code?: string | null;
  method?: string;
  reference?: string;
  description?: string;
}

/** One money row of a month, keyed by its event (a redelivery inserts nothing new). */
const money = (id: string, of: { si: number; year: number; month: string }, row: MoneyRow) => [
  {
    table: 'money' as const,
    insert: {
      ...{ money_id: id, si: of.si, year: of.year, month: of.month },
      ...{
        amount_poisha: 0,
        credit_poisha: 0,
        coupon_code: null,
        method: null,
        reference: null,
        description: null,
      },
      ...row,
    },
  },
];

/**
 * The rent ledger's facts (rentLedger): every lease, each apartment's month's reminders, and each
 * payment, refund, charge, late fee and offline payment of a month (and each undoing) as a row of
 * its own with its moment (nothing is lowered in place, so the ledger at a past date shows the money
 * as it stood). The month-by-month rows are computed from these at the moment asked.
 */
export const rentLedger = defineProjection(rentLedgerView, {
  tables: {
    leases: leaseTable,
    months: {
      key: 'month_key',
      columns: {
        month_key: column.identifier(),
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
      insertOnly: true,
      columns: {
        money_id: column.uuid(),
        si: column.integer(),
        year: column.integer(),
        month: column.text(),
        kind: column.text(),
        amount_poisha: column.bigint(),
        credit_poisha: column.bigint(),
        coupon_code: nullableText(),
        transaction_id: column.text(),
        method: nullableText(),
        reference: nullableText(),
        description: nullableText(),
        at: column.timestamptz(),
      },
      indexes: [['si', 'year']],
    },
  },
  on: {
    AgreementAccepted: leases.accepted,
    LeaseEnded: leases.ended,
    RentPaid: ({ id, data }) =>
      money(id, data, {
        kind: 'paid',
        amount_poisha: data.amountPoisha,
        credit_poisha: cardCreditPoisha(data),
        coupon_code: data.couponCode,
        transaction_id: data.transactionId,
        at: data.paidAt,
      }),
    // A refund made at the provider of a payment of the month (a second charge's never paid it).
    RentRefunded: ({ id, data }) =>
      data.reason !== 'provider-refund'
        ? []
        : money(id, data, {
            kind: 'refunded',
            amount_poisha: data.amountPoisha,
            transaction_id: data.paymentIntentId,
            at: data.refundedAt,
          }),
    ChargeAdded: ({ id, data }) =>
      money(id, data, {
        kind: 'charge',
        amount_poisha: data.amountPoisha,
        transaction_id: data.chargeId,
        description: data.description,
        at: data.addedAt,
      }),
    ChargeCancelled: ({ id, data }) =>
      money(id, data, { kind: 'charge-cancelled', transaction_id: data.chargeId, at: data.cancelledAt }),
    LateFeeCharged: ({ id, data }) =>
      money(id, data, {
        kind: 'late-fee',
        amount_poisha: data.amountPoisha,
        transaction_id: data.leaseId,
        at: data.chargedAt,
      }),
    OfflinePaymentRecorded: ({ id, data }) =>
      money(id, data, {
        kind: 'offline',
        amount_poisha: data.amountPoisha,
        transaction_id: data.paymentId,
        method: data.method,
        reference: data.reference,
        at: data.recordedAt,
      }),
    PaymentReversed: ({ id, data }) =>
      money(id, data, { kind: 'reversed', transaction_id: data.paymentId, at: data.reversedAt }),
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
