import { accountMoneyEventTypes } from '../money-event-types.ts';
import { z } from 'zod';
import { monthSchema } from '../catalogue.ts';
import { defineReadModel } from './read-model.ts';

/** What a line of a resident's account is: rent, a charge, a late fee, a payment, their undoing. */
export const accountLineKinds = [
  'rent',
  'charge',
  'charge-cancelled',
  'late-fee',
  'card-payment',
  /** Money of a card payment given back at the provider: owed again. */
  'refund',
  'payment',
  'payment-reversed',
  'deposit',
  'deposit-payment',
  /** At settlement the lease owes its deposit no more: what it owed comes off... */
  'deposit-release',
  /** ...what the building keeps of it is owed again... */
  'deposit-deduction',
  /** ...and the rest goes back to the resident. */
  'deposit-return',
] as const;
export type AccountLineKind = (typeof accountLineKinds)[number];

const taka = z.number();

/**
 * A resident's account (GET /account/:email[?at=]): every money line of their leases in date
 * order. The projection stores the lines events make (charges, fees, payments, reversals); the rent
 * each month owes is not an event, so it is added from the rent ledger's leases at the moment
 * asked (lease-months.ts), and the running balance is computed then.
 * Version 2: refunds made at the provider of a card payment are lines too.
 */
export const accountView = defineReadModel({
  view: 'account',
  version: 2,
  audience: 'owner',
  tables: ['lines'],
  events: accountMoneyEventTypes,
  row: z.object({
    line_id: z.string(),
    email: z.string(),
    si: z.number().int(),
    year: z.number().int().nullable(),
    month: monthSchema.nullable(),
    kind: z.enum(accountLineKinds),
    description: z.string(),
    // bigint columns arrive as strings
    debit_poisha: z.coerce.number().int(),
    credit_poisha: z.coerce.number().int(),
    method: z.string().nullable(),
    reference: z.string().nullable(),
    ref_id: z.string().nullable(),
    occurred_at: z.date(),
  }),
  response: z.object({
    id: z.string(),
    si: z.number().int(),
    year: z.number().int().nullable(),
    month: monthSchema.nullable(),
    kind: z.enum(accountLineKinds),
    description: z.string(),
    debitPoisha: z.number().int(),
    creditPoisha: z.number().int(),
    method: z.string().nullable(),
    reference: z.string().nullable(),
    /** The charge's or payment's own id (to cancel, reverse, or fetch its receipt). */
    refId: z.string().nullable(),
    date: z.string(),
  }),
  toResponse: (r) => ({
    id: r.line_id,
    si: r.si,
    year: r.year,
    month: r.month,
    kind: r.kind,
    description: r.description,
    debitPoisha: r.debit_poisha,
    creditPoisha: r.credit_poisha,
    method: r.method,
    reference: r.reference,
    refId: r.ref_id,
    date: r.occurred_at.toISOString(),
  }),
});
export type StoredAccountLine = z.infer<typeof accountView.response>;

const line = accountView.response.extend({
  /** Taka, as the screens show them. */
  debit: taka,
  credit: taka,
  balance: taka,
});

/** GET /account/:email[?at=]: the lines with their running balance, what is owed now, each month's totals. */
export const accountResponse = z.object({
  email: z.string(),
  asOf: z.string(),
  lines: z.array(line),
  /** What is owed at `asOf`, in taka. */
  balance: taka,
  months: z.array(
    z.object({ si: z.number().int(), year: z.number().int(), month: monthSchema, owed: taka, paid: taka }),
  ),
});
export type AccountResponse = z.infer<typeof accountResponse>;
export type AccountLine = z.infer<typeof line>;

/** GET /charges?month=&year= (admins): each charge of the month, the apartment and who owes it. */
export const monthChargesResponse = z.array(
  z.object({
    chargeId: z.string(),
    si: z.number().int(),
    apartment: z.string(),
    email: z.string(),
    description: z.string(),
    amount: taka,
    date: z.string(),
    /** Taken back by an admin (ChargeCancelled). */
    cancelled: z.boolean(),
  }),
);
export type MonthCharge = z.infer<typeof monthChargesResponse>[number];

/** GET /residents?q= (admins): the leases, current and ended, of whoever matches. */
export const residentsResponse = z.array(
  z.object({
    email: z.string(),
    name: z.string(),
    si: z.number().int(),
    apartment: z.string(),
    block: z.string(),
    startedAt: z.string(),
    endedAt: z.string().nullable(),
  }),
);
export type Resident = z.infer<typeof residentsResponse>[number];
