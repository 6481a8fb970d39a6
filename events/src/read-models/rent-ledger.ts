import { ledgerEventTypes } from '../rent-ledger/ledger-facts.ts';
import { z } from 'zod';
import { monthSchema, offlineMethods } from '../catalogue.ts';
import {
  settledMonthKey,
  unsettledMonth,
  type LedgerLease,
  type SettledMonth,
} from '../rent-ledger/lease-ledger.ts';
import { defineReadModel } from './read-model.ts';

const poisha = z.number().int().nonnegative();
const moment = z.string().datetime({ offset: true });
const nullableMoment = (value: Date | null) => value?.toISOString() ?? null;

/**
 * The rent ledger's facts: every lease (member, apartment, start, end, monthly rent), each month's
 * reminders, and each payment and refund of a month with its moment. The month-by-month rows with
 * their status and the balance are not stored: they depend on the moment asked about, and
 * `ledgersAt` computes them (so the ledger at a past date is answered the same way, a refund made
 * later included). `row`/`toResponse` map a lease; `settledMonths` maps the months' rows.
 * Version 2: version 1 kept only the month's payment, lowered in place by a later refund.
 * Version 3: a month owes its charges and late fee too, and offline payments pay it (in part).
 */
export const rentLedgerView = defineReadModel({
  view: 'rent-ledger',
  version: 3,
  audience: 'owner',
  tables: ['leases', 'months', 'money'],
  events: ledgerEventTypes,
  row: z.object({
    lease_id: z.string(),
    email: z.string(),
    name: z.string(),
    si: z.number().int(),
    apartment: z.string(),
    // bigint columns arrive as strings
    rent_poisha: z.coerce.number().int(),
    started_at: z.date(),
    ended_at: z.date().nullable(),
  }),
  response: z.object({
    leaseId: z.string(),
    email: z.string(),
    name: z.string(),
    si: z.number().int(),
    apartment: z.string(),
    rentPoisha: poisha,
    startedAt: moment,
    endedAt: moment.nullable(),
  }),
  toResponse: (r): LedgerLease => ({
    leaseId: r.lease_id,
    email: r.email,
    name: r.name,
    si: r.si,
    apartment: r.apartment,
    rentPoisha: r.rent_poisha,
    startedAt: r.started_at.toISOString(),
    endedAt: nullableMoment(r.ended_at),
  }),
});

export const settledMonthRow = z.object({
  si: z.number().int(),
  year: z.number().int(),
  month: monthSchema,
  due_reminded_at: z.date().nullable(),
  overdue_reminded_at: z.date().nullable(),
});

/** The kinds of a month's money rows (`ref_id`: what they are of). */
export const monthMoneyKinds = [
  /** A card payment (its transaction) and a refund made at the provider of one. */
  'paid',
  'refunded',
  /** A charge (its id) and its cancellation. */
  'charge',
  'charge-cancelled',
  'late-fee',
  /** An offline payment (its id) and its reversal. */
  'offline',
  'reversed',
] as const;

export const monthMoneyRow = z.object({
  si: z.number().int(),
  year: z.number().int(),
  month: monthSchema,
  kind: z.enum(monthMoneyKinds),
  // bigint columns arrive as strings
  amount_poisha: z.coerce.number().int(),
  credit_poisha: z.coerce.number().int(),
  coupon_code: z.string().nullable(),
  transaction_id: z.string(),
  method: z.enum(offlineMethods).nullable(),
  reference: z.string().nullable(),
  description: z.string().nullable(),
  at: z.date(),
});

/** The settled months of the months' rows and their money's rows (money in the order given). */
export function settledMonths(
  monthRows: ReadonlyArray<z.infer<typeof settledMonthRow>>,
  moneyRows: ReadonlyArray<z.infer<typeof monthMoneyRow>>,
): SettledMonth[] {
  const months = new Map<string, SettledMonth>();
  const monthOf = (m: { si: number; year: number; month: SettledMonth['month'] }) => {
    const key = settledMonthKey(m);
    if (!months.has(key)) months.set(key, unsettledMonth(m));
    return months.get(key)!;
  };
  for (const row of monthRows)
    monthOf(row).reminders = {
      due: nullableMoment(row.due_reminded_at),
      overdue: nullableMoment(row.overdue_reminded_at),
    };
  for (const row of moneyRows) {
    const m = monthOf(row);
    const [amountPoisha, id, at] = [row.amount_poisha, row.transaction_id, row.at.toISOString()];
    switch (row.kind) {
      case 'paid':
        m.payments.push({
          amountPoisha,
          creditPoisha: row.credit_poisha,
          couponCode: row.coupon_code,
          paidAt: at,
          transactionId: id,
        });
        break;
      case 'refunded':
        m.refunds.push({ amountPoisha, refundedAt: at, transactionId: id });
        break;
      case 'charge':
        m.charges.push({
          chargeId: id,
          description: row.description ?? '',
          amountPoisha,
          addedAt: at,
          cancelledAt: null,
        });
        break;
      case 'late-fee':
        m.lateFees.push({ amountPoisha, chargedAt: at });
        break;
      case 'offline':
        m.offline.push({
          paymentId: id,
          method: row.method ?? 'cash',
          reference: row.reference ?? '',
          amountPoisha,
          recordedAt: at,
          reversedAt: null,
        });
        break;
      // Rows come in time order: what they undo was read before them.
      case 'charge-cancelled':
        m.charges = m.charges.map((c) => (c.chargeId === id ? { ...c, cancelledAt: at } : c));
        break;
      case 'reversed':
        m.offline = m.offline.map((p) => (p.paymentId === id ? { ...p, reversedAt: at } : p));
        break;
    }
  }
  return [...months.values()];
}

const reminders = z.object({ due: moment.nullable(), overdue: moment.nullable() });
const ledgerPayment = z.object({
  amountPoisha: poisha,
  creditPoisha: poisha,
  couponCode: z.string().nullable(),
  paidAt: moment,
  transactionId: z.string(),
});

const ledgerMonth = z.object({
  year: z.number().int(),
  month: monthSchema,
  status: z.enum(['paid', 'due', 'overdue']),
  rentPoisha: poisha,
  chargesPoisha: poisha,
  lateFeePoisha: poisha,
  paidPoisha: z.number().int(),
  owedPoisha: poisha,
  charges: z.array(
    z.object({ chargeId: z.string(), description: z.string(), amountPoisha: poisha, addedAt: moment }),
  ),
  offlinePayments: z.array(
    z.object({
      paymentId: z.string(),
      method: z.enum(offlineMethods),
      reference: z.string(),
      amountPoisha: poisha,
      recordedAt: moment,
    }),
  ),
  overdueFrom: moment,
  paid: ledgerPayment.nullable(),
  otherPayments: z.array(ledgerPayment),
  refunds: z.array(z.object({ amountPoisha: poisha, refundedAt: moment, transactionId: z.string() })),
  reminders,
});
export type LedgerMonthResponse = z.infer<typeof ledgerMonth>;

/** GET /rent-ledger/:email[?at=]: the person's leases, each month by month, and what they owe. */
export const rentLedgerResponse = z.object({
  email: z.string(),
  asOf: moment,
  balancePoisha: poisha,
  overduePoisha: poisha,
  leases: z.array(
    z.object({
      lease: rentLedgerView.response,
      active: z.boolean(),
      months: z.array(ledgerMonth),
      balancePoisha: poisha,
      overduePoisha: poisha,
    }),
  ),
});
export type RentLedger = z.infer<typeof rentLedgerResponse>;

/** GET /rent-ledger/overdue[?at=] (admins): who owes overdue rent, for which months, how much. */
export const overdueRentResponse = z.object({
  asOf: moment,
  members: z.number().int().nonnegative(),
  months: z.number().int().nonnegative(),
  amountPoisha: poisha,
  rows: z.array(
    z.object({
      email: z.string(),
      name: z.string(),
      si: z.number().int(),
      apartment: z.string(),
      active: z.boolean(),
      months: z.array(z.object({ year: z.number().int(), month: monthSchema })),
      overduePoisha: poisha,
    }),
  ),
});
export type OverdueRent = z.infer<typeof overdueRentResponse>;

/**
 * GET /rent-month[?at=] (admins): the rent of the building's month at `at` (Dhaka), in poisha:
 * `duePoisha` what its leases owe for the month, `collectedPoisha` what was paid towards it (less
 * refunds), and `overduePoisha` all rent past its due date by then, whichever month it is for (as
 * the Overdue Rent page totals it).
 */
export const monthRentResponse = z.object({
  asOf: moment,
  year: z.number().int(),
  month: monthSchema,
  duePoisha: poisha,
  collectedPoisha: poisha,
  overduePoisha: poisha,
});
export type MonthRent = z.infer<typeof monthRentResponse>;
