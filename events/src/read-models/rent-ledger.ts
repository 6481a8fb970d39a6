import { z } from 'zod';
import { monthSchema } from '../catalogue.ts';
import type { LedgerLease, SettledMonth } from '../rent-ledger/lease-ledger.ts';
import { defineReadModel } from './read-model.ts';

const poisha = z.number().int().nonnegative();
const moment = z.string().datetime({ offset: true });
const nullableMoment = (value: Date | null) => value?.toISOString() ?? null;

/**
 * The rent ledger's facts: every lease (member, apartment, start, end, monthly rent) and every
 * settled month (its payment, its reminders). The month-by-month rows with their status and the
 * balance are not stored: they depend on the moment asked about, and `ledgersAt` computes them
 * (so the ledger at a past date is answered the same way). `row`/`toResponse` map a lease;
 * `monthRow`/`toSettledMonth` map a settled month.
 */
export const rentLedgerView = defineReadModel({
  view: 'rent-ledger',
  version: 1,
  audience: 'owner',
  tables: ['leases', 'months'],
  events: ['AgreementAccepted', 'LeaseEnded', 'RentPaid', 'RentRefunded', 'RentReminderIssued'],
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
  paid_amount_poisha: z.coerce.number().int().nullable(),
  coupon_code: z.string().nullable(),
  paid_at: z.date().nullable(),
  transaction_id: z.string().nullable(),
  due_reminded_at: z.date().nullable(),
  overdue_reminded_at: z.date().nullable(),
});

export function toSettledMonth(row: z.infer<typeof settledMonthRow>): SettledMonth {
  const { si, year, month } = row;
  const paid =
    row.paid_at && row.transaction_id !== null && row.paid_amount_poisha !== null
      ? {
          amountPoisha: row.paid_amount_poisha,
          couponCode: row.coupon_code,
          paidAt: row.paid_at.toISOString(),
          transactionId: row.transaction_id,
        }
      : null;
  return {
    si,
    year,
    month,
    paid,
    reminders: { due: nullableMoment(row.due_reminded_at), overdue: nullableMoment(row.overdue_reminded_at) },
  };
}

const reminders = z.object({ due: moment.nullable(), overdue: moment.nullable() });

const ledgerMonth = z.object({
  year: z.number().int(),
  month: monthSchema,
  status: z.enum(['paid', 'due', 'overdue']),
  rentPoisha: poisha,
  owedPoisha: poisha,
  overdueFrom: moment,
  paid: z
    .object({
      amountPoisha: poisha,
      couponCode: z.string().nullable(),
      paidAt: moment,
      transactionId: z.string(),
    })
    .nullable(),
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
