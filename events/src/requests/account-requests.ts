import { z } from 'zod';
import { chargeKinds, monthSchema, offlineMethods, paymentMethods, utilities } from '../catalogue.ts';

/**
 * The request bodies of a resident's account: charges, plans, tariffs, meter readings, offline
 * payments and deposits. Amounts arrive in taka (at most two decimals) and leave as integer poisha.
 * Strings are further checked for unsafe text by the services' body parser.
 */

const maxTaka = 1_000_000_000;

/** Taka written out: digits with at most 2 decimals. */
const takaDigits = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, 'expected an amount in taka with at most 2 decimals');

/** Taka as a number: > 0, at most 2 decimals, as integer poisha. */
const takaAmount = z
  .number()
  .positive('expected an amount above 0')
  .max(maxTaka)
  .refine((taka) => Math.abs(taka * 100 - Math.round(taka * 100)) < 1e-6, 'at most 2 decimals')
  .transform((taka) => Math.round(taka * 100));

/** Taka as a JSON number or a decimal string, > 0 with at most 2 decimals, as integer poisha. */
export const takaField = z.union([z.number(), takaDigits.transform(Number)]).pipe(takaAmount);

/** The same as text alone (a CSV cell). */
export const takaText = takaDigits.transform(Number).pipe(takaAmount);

/** The same, where 0 is allowed (a tariff's fixed part, a plan that charges nothing). */
export const takaOrZeroField = z
  .union([z.literal(0), z.literal('0')])
  .transform(() => 0)
  .or(takaField);

const integer = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,9}$/, 'expected an integer')
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));

export const siField = integer(1, 10_000_000);
export const yearField = integer(2000, 2100);
const email = z.string().trim().toLowerCase().email().max(254);
const text = (min: number, max: number) => z.string().trim().min(min).max(max);
const block = text(1, 10);
const uuid = z.string().trim().pipe(z.uuid());
const monthOfAccount = { month: monthSchema, year: yearField };

/** `POST /charges`: a charge to one apartment, a block, or every leased apartment, for a month. */
export const addChargeRequest = z.object({
  target: z.union([z.object({ si: siField }).strict(), z.object({ block }).strict(), z.literal('all')]),
  kind: z.enum(chargeKinds),
  ...monthOfAccount,
  amount: takaField,
  description: text(0, 500).default(''),
});
export type AddChargeRequest = z.infer<typeof addChargeRequest>;

/** `POST /charges/cancel`: an unpaid charge of a month, taken back with why. */
export const cancelChargeRequest = z.object({
  chargeId: uuid,
  si: siField,
  ...monthOfAccount,
  reason: text(1, 500),
});

/**
 * `PUT /charge-plans/service`: one monthly amount for all, or one per block (absent blocks owe
 * none). One object with both optional, so a bad amount is refused naming its own field.
 */
export const servicePlanRequest = z
  .object({
    amount: takaOrZeroField.optional(),
    byBlock: z
      .record(block, takaOrZeroField)
      .refine((blocks) => Object.keys(blocks).length > 0, 'name at least one block')
      .optional(),
  })
  .strict()
  .refine((plan) => (plan.amount === undefined) !== (plan.byBlock === undefined), {
    message: 'give either amount or byBlock',
  });
export type ServicePlanRequest = z.infer<typeof servicePlanRequest>;

export const utilityField = z.enum(utilities);
/** `PUT /tariffs/:utility`: taka per unit read, plus a fixed part per bill. */
export const tariffRequest = z.object({ perUnit: takaOrZeroField, fixed: takaOrZeroField });

/** `POST /meter-readings`: a meter's reading at a moment. */
export const meterReadingRequest = z.object({
  si: siField,
  utility: utilityField,
  reading: z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/, 'expected a number')
        .transform(Number),
    ])
    .pipe(z.number().min(0).max(1_000_000_000)),
  readAt: z
    .string()
    .trim()
    .pipe(z.iso.datetime({ offset: true })),
});

/** `POST /payments/offline`: money for a month received outside the card provider. */
export const offlinePaymentRequest = z.object({
  email,
  si: siField,
  ...monthOfAccount,
  method: z.enum(offlineMethods),
  reference: text(1, 100),
  amount: takaField,
});
export type OfflinePaymentRequest = z.infer<typeof offlinePaymentRequest>;

/** `POST /payments/offline/reverse`: an offline payment recorded in error, undone with why. */
export const reversePaymentRequest = z.object({
  paymentId: uuid,
  si: siField,
  ...monthOfAccount,
  reason: text(1, 500),
});

/** `POST /deposits/payments`: money towards a lease's deposit received offline. */
export const depositPaymentRequest = z.object({
  si: siField,
  email,
  method: z.enum(offlineMethods),
  reference: text(1, 100),
  amount: takaField,
});

/**
 * `POST /deposits/settle`: the deductions kept; the rest returned by the method named. A card return
 * is a refund through the provider, whose id becomes the reference; any other method names its own.
 */
export const settleDepositRequest = z
  .object({
    si: siField,
    email,
    deductions: z
      .array(z.object({ reason: text(1, 500), amount: takaField }))
      .max(50)
      .default([]),
    method: z.enum(paymentMethods),
    reference: text(1, 100).optional(),
  })
  .refine((body) => body.method === 'card' || body.reference, {
    path: ['reference'],
    message: 'name the reference of the cash, bank or mobile-money return',
  });
export type SettleDepositRequest = z.infer<typeof settleDepositRequest>;

/** `POST /deposits/payment-intent`: the member pays what their lease's deposit still owes by card. */
export const depositIntentRequest = z.object({ si: siField });

/** `GET /account/:email?at=`: the moment to answer at (default now). */
export const accountQuery = z.object({
  at: z
    .string()
    .trim()
    .pipe(z.iso.datetime({ offset: true }))
    .optional(),
});

/** `GET /charges?month=&year=`: the charges of one month. */
export const monthChargesQuery = z.object(monthOfAccount);

/** How many leases a page of `GET /residents` holds. */
export const residentsPageSize = 50;
/**
 * `GET /residents?q=&current=&page=`: leases whose holder's name or email, or whose apartment,
 * holds `q`; `current=true` only the leases in force; page `page` (from 1) of residentsPageSize.
 */
export const residentsQuery = z.object({
  q: text(0, 100).default(''),
  current: z.enum(['true', 'false']).default('false'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
