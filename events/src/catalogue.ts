import { z } from 'zod';
import { streams, type Category } from './streams.ts';

/**
 * The event catalogue, the one place that says of each event type: its schema (in its current
 * schema version; older shapes are upcast on read, see upcasters.ts), the stream it is appended to,
 * that stream's category (its Kafka topic) and its owner, the aggregate whose decider records it.
 * Every event carries what its projections need, so projections never depend on ordering across
 * streams.
 */
const email = z.string().email().max(254);
const isoTime = z.string().datetime({ offset: true });
const si = z.number().int().positive();
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export const monthSchema = z.enum(monthNames);
export type Month = z.infer<typeof monthSchema>;

/** The apartment as listed: rent in whole taka. */
export const apartmentDetails = z.object({
  si,
  apartment: z.string().min(1).max(20),
  block: z.string().min(1).max(10),
  floor: z.number().int().min(0).max(200),
  room: z.string().min(1).max(20),
  rent: z.number().int().positive().max(10_000_000),
  image: z.string().min(1).max(2000),
});
export type ApartmentDetails = z.infer<typeof apartmentDetails>;

const lease = apartmentDetails.omit({ image: true });
const paymentIntentId = z.string().min(1);
const year = z.number().int().min(2000).max(2100);
/** A month of one apartment's account and the lease holder who owes it (its payment stream). */
const accountMonth = {
  si,
  apartment: z.string().min(1).max(20),
  month: monthSchema,
  year,
  email,
  name: z.string().max(200),
  /** The lease owing it: its accepted agreement request. */
  leaseId: z.string().uuid(),
};
/** A month's rent as the server priced it, in integer poisha. */
const rentPrice = {
  rentPoisha: z.number().int().positive(),
  discount: z.number().int().min(0).max(100),
  couponCode: z.string().nullable(),
  amountPoisha: z.number().int().min(0),
};
/** The kinds of email a person can turn off in their profile. */
export const emailKinds = [
  'agreement-decision',
  'rent-reminder',
  'payment-receipt',
  'maintenance-status',
] as const;
export const emailKindSchema = z.enum(emailKinds);
export type EmailKind = z.infer<typeof emailKindSchema>;
/** The languages people read the site, their emails and receipts in. */
export const languages = ['en', 'bn'] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;
export const maintenanceCategories = ['plumbing', 'electrical', 'appliance', 'common-area', 'other'] as const;
export const maintenanceStatuses = [
  'open',
  'acknowledged',
  'scheduled',
  'in-progress',
  'done',
  'declined',
] as const;
const maintenanceStatus = z.enum(maintenanceStatuses);
/** A calendar date, YYYY-MM-DD. */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** Money in integer poisha (1 taka = 100 poisha). */
const poisha = z.number().int().min(0).max(100_000_000_000);
const positivePoisha = poisha.min(1);
/** What an undo of a month's money names: the month, whose it was, what it had owed or paid, and why. */
const undoneMoney = {
  si,
  month: monthSchema,
  year,
  email,
  amountPoisha: positivePoisha,
  reason: z.string().min(1).max(500),
};
/** What a month's account can owe besides rent. */
export const chargeKinds = ['service', 'electricity', 'gas', 'water', 'other'] as const;
export type ChargeKind = (typeof chargeKinds)[number];
/** The metered utilities: each has a tariff and a meter per apartment. */
export const utilities = ['electricity', 'gas', 'water'] as const;
export type Utility = (typeof utilities)[number];
/** How money is paid outside the card provider: at the desk, by bank transfer, by mobile money. */
export const offlineMethods = ['cash', 'bank', 'bkash', 'nagad'] as const;
export type OfflineMethod = (typeof offlineMethods)[number];
export const paymentMethods = ['card', ...offlineMethods] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
/** What the building spends on: each category is an expense account of the books. */
export const expenseCategories = [
  'salaries',
  'electricity',
  'gas',
  'water',
  'repairs',
  'cleaning',
  'security',
  'lift',
  'generator',
  'taxes',
  'other',
] as const;
export type ExpenseCategory = (typeof expenseCategories)[number];
/** What the building's own money is paid out of (and a resident's paid into). */
const paidFrom = z.enum(offlineMethods);
/** Who recorded a money fact: an admin's email, or the scheduler for what it issues by itself. */
const recordedBy = z.union([email, z.literal('scheduler')]);
/** What one card payment of a month paid, line by line (rent after the coupon, charges, late fee). */
export const paidItem = z.object({
  kind: z.enum(['rent', 'charge', 'late-fee']),
  /** The charge paid, for a `charge` item. */
  chargeId: z.string().uuid().optional(),
  description: z.string().max(500),
  amountPoisha: poisha,
});
export type PaidItem = z.infer<typeof paidItem>;
/** One thing a month still owes, as its reminder says it: a paid item's shape, a charge's kind named. */
export const owedItem = paidItem.extend({ charge: z.enum(chargeKinds).optional() });
export type OwedItem = z.infer<typeof owedItem>;
const profile = z.object({ email, name: z.string().max(200), photoURL: z.string().max(2000) });

interface Route<D> {
  category: Category;
  owner: Category;
  /** Its stream id, from its own data. */
  stream: (data: D) => string;
  schemaVersion?: number;
}

// The stream of each category, from the data its events carry.
const userStream = { category: 'user', stream: (d: { email: string }) => streams.user(d.email) } as const;
const apartmentStream = {
  category: 'apartment',
  stream: (d: { si: number }) => streams.apartment(d.si),
} as const;
const agreementStream = {
  category: 'agreement',
  stream: (d: { si: number }) => streams.agreement(d.si),
} as const;
const couponStream = {
  category: 'coupon',
  stream: (d: { couponId: string }) => streams.coupon(d.couponId),
} as const;
const announcementStream = {
  category: 'announcement',
  stream: (d: { announcementId: string }) => streams.announcement(d.announcementId),
} as const;
const paymentStream = {
  category: 'payment',
  stream: (d: { si: number; year: number; month: string }) => streams.payment(d.si, d.year, d.month),
} as const;

const tariffStream = {
  category: 'tariff',
  stream: (d: { tariff: string }) => streams.tariff(d.tariff),
} as const;
const meterStream = {
  category: 'meter',
  stream: (d: { si: number; utility: string }) => streams.meter(d.si, d.utility),
} as const;
const depositStream = {
  category: 'deposit',
  stream: (d: { leaseId: string }) => streams.deposit(d.leaseId),
} as const;

/** An expense (`expense-<id>`) or a recurring expense's plan (`expense-recurring-<id>`). */
const expenseStream = {
  category: 'expense',
  stream: (d: { expenseId: string }) => streams.expense(d.expenseId),
} as const;
const recurringExpenseStream = {
  category: 'expense',
  stream: (d: { recurringId: string }) => streams.recurringExpense(d.recurringId),
} as const;

const maintenanceStream = {
  category: 'maintenance',
  stream: (d: { requestId: string }) => streams.maintenance(d.requestId),
} as const;

function event<S extends z.ZodType, const R extends Route<z.infer<S>>>(schema: S, route: R) {
  return { schema, ...route, schemaVersion: route.schemaVersion ?? 1 };
}

export const catalogue = {
  // users: stream user-<email>
  UserRegistered: event(profile, { ...userStream, owner: 'user' }),
  ProfileUpdated: event(profile, { ...userStream, owner: 'user' }),
  AdminGranted: event(z.object({ email }), { ...userStream, owner: 'user' }),
  MemberPromoted: event(z.object({ email, si }), { ...userStream, owner: 'agreement' }),
  MemberDemoted: event(z.object({ email, endedLeases: z.array(si) }), { ...userStream, owner: 'user' }),
  /** The kinds of email this person no longer wants (the full list each time). */
  EmailPreferencesChanged: event(z.object({ email, off: z.array(emailKindSchema) }), {
    ...userStream,
    owner: 'user',
  }),
  /** The language the person reads in: their emails and receipts follow it. */
  LanguageChosen: event(z.object({ email, language: languageSchema }), { ...userStream, owner: 'user' }),
  /**
   * What a resident owed (`arrears`) or had paid ahead (`credit`) when the building moved its books
   * here, as of a day (Dhaka calendar): once per person, recorded by an operator's import.
   */
  OpeningBalanceRecorded: event(
    z.object({
      email,
      kind: z.enum(['arrears', 'credit']),
      amountPoisha: positivePoisha,
      asOf: isoDate,
      note: z.string().max(500),
      recordedAt: isoTime,
    }),
    { ...userStream, owner: 'user' },
  ),
  /** The person has seen their in-app notifications up to this moment. */
  NotificationsRead: event(z.object({ email, upTo: isoTime }), { ...userStream, owner: 'user' }),

  // apartments: stream apartment-<si>
  ApartmentListed: event(apartmentDetails, { ...apartmentStream, owner: 'apartment' }),
  ApartmentUpdated: event(apartmentDetails, { ...apartmentStream, owner: 'apartment' }),

  // agreements: stream agreement-<si>, the booking boundary of one apartment
  AgreementRequested: event(
    lease.extend({
      requestId: z.string().uuid(),
      userEmail: email,
      userName: z.string().max(200),
      requestedAt: isoTime,
    }),
    { ...agreementStream, owner: 'agreement', schemaVersion: 2 },
  ),
  AgreementAccepted: event(
    lease.extend({
      requestId: z.string().uuid(),
      userEmail: email,
      userName: z.string().max(200),
      acceptedAt: isoTime,
    }),
    { ...agreementStream, owner: 'agreement' },
  ),
  AgreementRejected: event(
    z.object({
      requestId: z.string().uuid(),
      si,
      userEmail: email,
      reason: z.enum(['rejected-by-admin', 'apartment-booked']),
    }),
    { ...agreementStream, owner: 'agreement' },
  ),
  /** The requester took back a pending request. */
  AgreementWithdrawn: event(
    z.object({ requestId: z.string().uuid(), si, userEmail: email, withdrawnAt: isoTime }),
    { ...agreementStream, owner: 'agreement' },
  ),
  LeaseEnded: event(
    z.object({ si, userEmail: email, endedAt: isoTime, reason: z.enum(['member-demoted']) }),
    { ...agreementStream, owner: 'user' },
  ),

  // coupons: stream coupon-<id>
  CouponAdded: event(
    z.object({
      couponId: z.string().uuid(),
      code: z.string().min(1).max(40),
      discount: z.number().int().min(1).max(100),
      description: z.string().max(1000),
    }),
    { ...couponStream, owner: 'coupon' },
  ),
  CouponDisabled: event(z.object({ couponId: z.string().uuid() }), { ...couponStream, owner: 'coupon' }),
  CouponEnabled: event(z.object({ couponId: z.string().uuid() }), { ...couponStream, owner: 'coupon' }),
  /** Its discount and description rewritten (the code stays: it is the coupon's id). */
  CouponEdited: event(
    z.object({
      couponId: z.string().uuid(),
      discount: z.number().int().min(1).max(100),
      description: z.string().max(1000),
    }),
    { ...couponStream, owner: 'coupon' },
  ),
  /**
   * How long and how often it applies: through the Dhaka day `expiresOn` (YYYY-MM-DD), and to
   * `usageLimit` completed payments; null: no end, no limit.
   */
  CouponLimitsSet: event(
    z.object({
      couponId: z.string().uuid(),
      expiresOn: isoDate.nullable(),
      usageLimit: z.number().int().min(1).max(1_000_000).nullable(),
    }),
    { ...couponStream, owner: 'coupon' },
  ),
  /** A completed rent payment used it (recorded with the RentPaid, in the same transaction). */
  CouponRedeemed: event(
    z.object({ couponId: z.string().uuid(), si, month: monthSchema, year, paymentIntentId }),
    { ...couponStream, owner: 'payment' },
  ),

  // announcements: stream announcement-<id>
  AnnouncementPosted: event(
    z.object({
      announcementId: z.string().uuid(),
      title: z.string().min(1).max(200),
      description: z.string().min(1).max(5000),
    }),
    { ...announcementStream, owner: 'announcement' },
  ),
  /** Its title and text rewritten (what residents read from then on). */
  AnnouncementEdited: event(
    z.object({
      announcementId: z.string().uuid(),
      title: z.string().min(1).max(200),
      description: z.string().min(1).max(5000),
    }),
    { ...announcementStream, owner: 'announcement' },
  ),
  /** Shown above the others until unpinned. */
  AnnouncementPinned: event(z.object({ announcementId: z.string().uuid() }), {
    ...announcementStream,
    owner: 'announcement',
  }),
  AnnouncementUnpinned: event(z.object({ announcementId: z.string().uuid() }), {
    ...announcementStream,
    owner: 'announcement',
  }),
  /** Residents see it through this Dhaka day (YYYY-MM-DD), not after; null: until further notice. */
  AnnouncementExpirySet: event(
    z.object({ announcementId: z.string().uuid(), expiresOn: isoDate.nullable() }),
    { ...announcementStream, owner: 'announcement' },
  ),

  // payments: stream payment-<si>-<year>-<month>; money in integer poisha (1 taka = 100 poisha)
  RentPaymentStarted: event(
    z.object({
      paymentIntentId,
      si,
      month: monthSchema,
      year,
      email,
      ...rentPrice,
      /** What the intent pays beside rent; absent on intents for rent alone. */
      items: z.array(paidItem).max(100).optional(),
    }),
    { ...paymentStream, owner: 'payment' },
  ),
  RentPaid: event(
    lease.extend({
      paymentIntentId,
      transactionId: z.string().min(1),
      month: monthSchema,
      year,
      email,
      name: z.string().max(200),
      ...rentPrice,
      items: z.array(paidItem).max(100).optional(),
      paidAt: isoTime,
    }),
    { ...paymentStream, owner: 'payment' },
  ),
  RentPaymentFailed: event(
    z.object({
      paymentIntentId,
      si,
      month: monthSchema,
      year,
      email,
      code: z.string().max(100),
      message: z.string().max(1000),
      /** The provider's failed charge: the same decline reported twice (client and webhook) is one event. */
      chargeId: z.string().min(1).max(255).optional(),
    }),
    { ...paymentStream, owner: 'payment' },
  ),
  /**
   * Money of a rent charge went back to the resident's card: `duplicate-charge`, a second confirmed
   * charge for a month already paid, refunded by us (the resident is never charged twice); or
   * `provider-refund`, a refund (full or partial) made at the provider, e.g. from Stripe's
   * dashboard, of a charge that paid the month: what it gave back is due again (a new payment of
   * that part is a RentPaid of its own), and given back in full the month is unpaid.
   */
  RentRefunded: event(
    z.object({
      paymentIntentId,
      refundId: z.string().min(1).max(255),
      si,
      month: monthSchema,
      year,
      email,
      amountPoisha: z.number().int().min(0),
      reason: z.enum(['duplicate-charge', 'provider-refund']),
      /**
       * provider-refund: what of the month its payments still cover after this refund (0: given
       * back in full, the month is unpaid again), so views need no other event.
       */
      coveredPoisha: z.number().int().min(0).optional(),
      /**
       * provider-refund given back in full: the coupon's discount the refunded payment had given on
       * the rent, owed again with it (the month is priced anew); absent on refunds recorded before it
       * was said.
       */
      discountPoisha: z.number().int().min(1).optional(),
      refundedAt: isoTime,
    }),
    { ...paymentStream, owner: 'payment' },
  ),
  /**
   * The reminder scheduler's record of what it sent for an unpaid month: 'due' on the 1st,
   * 'overdue' after the 5th. At most one of each kind per month (the payment stream decides).
   */
  RentReminderIssued: event(
    z.object({
      si,
      apartment: z.string().min(1).max(20),
      month: monthSchema,
      year,
      email,
      name: z.string().max(200),
      kind: z.enum(['due', 'overdue']),
      amountPoisha: z.number().int().min(0),
      /** The Dhaka date the month is due by (lease-months.ts); absent on reminders issued before it was said. */
      dueBy: isoDate.optional(),
      /**
       * What `amountPoisha` is made of: what is left of the rent, of each open charge and of the late
       * fee; absent on reminders issued before it was said.
       */
      items: z.array(owedItem).max(100).optional(),
      issuedAt: isoTime,
    }),
    { ...paymentStream, owner: 'payment' },
  ),

  /**
   * A charge on one apartment's month, owed by that month's lease holder: added by an admin (one
   * apartment, a block or every leased one: a charge each), issued by the scheduler from the
   * service-charge plan, or billed from a meter reading.
   */
  ChargeAdded: event(
    z.object({
      ...accountMonth,
      chargeId: z.string().uuid(),
      block: z.string().min(1).max(10),
      kind: z.enum(chargeKinds),
      amountPoisha: positivePoisha,
      description: z.string().max(500),
      origin: z.enum(['admin', 'plan', 'meter']),
      /** For a meter bill: the readings and the tariff it was priced at. */
      meter: z
        .object({
          from: z.number().min(0),
          to: z.number().min(0),
          perUnitPoisha: poisha,
          fixedPoisha: poisha,
        })
        .optional(),
      addedBy: recordedBy,
      addedAt: isoTime,
    }),
    { ...paymentStream, owner: 'payment' },
  ),
  /** An unpaid charge taken back by an admin, with why (the charge stays in the log). */
  ChargeCancelled: event(
    z.object({
      chargeId: z.string().uuid(),
      /** `amountPoisha`: what the charge had owed; the account credits it back. */
      ...undoneMoney,
      /** The charge's kind, so the books take it back from the income it went to (absent on older events). */
      kind: z.enum(chargeKinds).optional(),
      cancelledBy: email,
      cancelledAt: isoTime,
    }),
    { ...paymentStream, owner: 'payment' },
  ),
  /** The scheduler's late fee on a month's rent unpaid after its due day: at most one per month. */
  LateFeeCharged: event(
    z.object({
      ...accountMonth,
      percent: z.number().min(0).max(100),
      unpaidRentPoisha: positivePoisha,
      amountPoisha: positivePoisha,
      chargedAt: isoTime,
    }),
    { ...paymentStream, owner: 'payment' },
  ),
  /**
   * Money for a month paid at the desk, by bank or by mobile money, as an admin recorded it: it may
   * pay part of what the month owes. One record per reference and month.
   */
  OfflinePaymentRecorded: event(
    z.object({
      ...accountMonth,
      paymentId: z.string().uuid(),
      method: z.enum(offlineMethods),
      reference: z.string().min(1).max(100),
      amountPoisha: positivePoisha,
      recordedBy: email,
      recordedAt: isoTime,
    }),
    { ...paymentStream, owner: 'payment' },
  ),
  /** An offline payment recorded in error, undone by an admin with why: what it paid is owed again. */
  PaymentReversed: event(
    z.object({
      paymentId: z.string().uuid(),
      ...undoneMoney,
      /** How the reversed payment had come in, so the books take it back out of that account (absent on older events). */
      method: z.enum(offlineMethods).optional(),
      reversedBy: email,
      reversedAt: isoTime,
    }),
    { ...paymentStream, owner: 'payment' },
  ),

  // tariffs: stream tariff-service (the service-charge plan) and tariff-<utility>
  /** The monthly service charge: one amount for every leased apartment, or one per block. */
  ChargePlanSet: event(
    z.object({
      tariff: z.literal('service'),
      amountPoisha: poisha.nullable(),
      /** Per block (absent blocks owe none); null when one amount holds for all. */
      byBlock: z.record(z.string().min(1).max(10), poisha).nullable(),
      setBy: email,
      setAt: isoTime,
    }),
    { ...tariffStream, owner: 'tariff' },
  ),
  /** A utility's price: per unit read on the meter, plus a fixed part per bill. */
  TariffSet: event(
    z.object({
      tariff: z.enum(utilities),
      perUnitPoisha: poisha,
      fixedPoisha: poisha,
      setBy: email,
      setAt: isoTime,
    }),
    { ...tariffStream, owner: 'tariff' },
  ),

  // meters: stream meter-<si>-<utility>
  /**
   * A meter reading of an apartment. The first reading only sets the meter's start; a later one
   * bills the units since the last (a ChargeAdded appended with it).
   */
  MeterRead: event(
    z.object({
      si,
      utility: z.enum(utilities),
      reading: z.number().min(0).max(1_000_000_000),
      /** The reading before this one; null for the meter's first. */
      previous: z.number().min(0).nullable(),
      readAt: isoTime,
      month: monthSchema,
      year,
      /** The bill this reading made, if any. */
      chargeId: z.string().uuid().nullable(),
      recordedBy: email,
      recordedAt: isoTime,
    }),
    { ...meterStream, owner: 'meter' },
  ),

  // deposits: stream deposit-<leaseId>
  /** On acceptance the lease owes its deposit (`months` of rent), due at once. */
  DepositOwed: event(
    z.object({
      leaseId: z.string().uuid(),
      si,
      apartment: z.string().min(1).max(20),
      email,
      name: z.string().max(200),
      months: z.number().int().min(0).max(24),
      amountPoisha: poisha,
      owedAt: isoTime,
    }),
    { ...depositStream, owner: 'agreement' },
  ),
  /** Money towards the deposit, by card (through the provider) or offline. */
  DepositPaid: event(
    z.object({
      leaseId: z.string().uuid(),
      si,
      email,
      paymentId: z.string().min(1).max(255),
      method: z.enum(paymentMethods),
      reference: z.string().min(1).max(255),
      amountPoisha: positivePoisha,
      recordedBy: email,
      paidAt: isoTime,
    }),
    { ...depositStream, owner: 'deposit' },
  ),
  /**
   * The deposit settled after the lease ended, once: the itemised deductions kept, the rest
   * returned (refunded through the provider when paid by card, else by the method named).
   */
  DepositSettled: event(
    z.object({
      leaseId: z.string().uuid(),
      si,
      email,
      name: z.string().max(200),
      /** What the lease owed as its deposit: released at its end (an unpaid part is owed no more). */
      owedPoisha: poisha,
      /** What was paid of it: the deductions are kept from this, the rest returned. */
      heldPoisha: poisha,
      deductions: z
        .array(z.object({ reason: z.string().min(1).max(500), amountPoisha: positivePoisha }))
        .max(50),
      returnedPoisha: poisha,
      method: z.enum(paymentMethods),
      reference: z.string().min(1).max(255),
      settledBy: email,
      settledAt: isoTime,
    }),
    { ...depositStream, owner: 'deposit' },
  ),

  // expenses: stream expense-<expenseId>, plans of recurring ones expense-recurring-<recurringId>
  /** Money the building spent, as an admin entered it (or the scheduler issued from a recurring plan). */
  ExpenseRecorded: event(
    z.object({
      expenseId: z.string().uuid(),
      /** The day it was spent (Dhaka calendar). */
      date: isoDate,
      category: z.enum(expenseCategories),
      vendor: z.string().min(1).max(200),
      amountPoisha: positivePoisha,
      description: z.string().max(1000),
      /** A photo of the paper receipt: one of our own uploads (`/images/<id>`). */
      receipt: z.string().min(1).max(2000).nullable(),
      paidFrom,
      /** The recurring plan that issued it, or null for one entered by hand. */
      recurringId: z.string().uuid().nullable(),
      recordedBy,
      recordedAt: isoTime,
    }),
    { ...expenseStream, owner: 'expense' },
  ),
  /** An expense entered in error, undone with why (the expense stays in the log). */
  ExpenseReversed: event(
    z.object({
      expenseId: z.string().uuid(),
      date: isoDate,
      category: z.enum(expenseCategories),
      amountPoisha: positivePoisha,
      paidFrom,
      reason: z.string().min(1).max(500),
      reversedBy: email,
      reversedAt: isoTime,
    }),
    { ...expenseStream, owner: 'expense' },
  ),
  /** A recurring expense (e.g. the guards' salaries on the 1st): issued once a month from the day set. */
  RecurringExpenseSet: event(
    z.object({
      recurringId: z.string().uuid(),
      category: z.enum(expenseCategories),
      vendor: z.string().min(1).max(200),
      amountPoisha: positivePoisha,
      description: z.string().max(1000),
      paidFrom,
      /** The day of the month it falls on (up to 28, so every month has it). */
      dayOfMonth: z.number().int().min(1).max(28),
      setBy: email,
      setAt: isoTime,
    }),
    { ...recurringExpenseStream, owner: 'expense' },
  ),
  /** A recurring expense no longer issued (what it issued stays). */
  RecurringExpenseStopped: event(
    z.object({ recurringId: z.string().uuid(), stoppedBy: email, stoppedAt: isoTime }),
    { ...recurringExpenseStream, owner: 'expense' },
  ),

  // maintenance: stream maintenance-<requestId>; `email` is always the member who filed it
  MaintenanceRequested: event(
    z.object({
      requestId: z.string().uuid(),
      email,
      name: z.string().max(200),
      si,
      apartment: z.string().min(1).max(20),
      block: z.string().min(1).max(10),
      category: z.enum(maintenanceCategories),
      description: z.string().min(1).max(5000),
      /** Image URLs from the existing upload (`/images/...`), at most 3. */
      photos: z.array(z.string().min(1).max(2000)).max(3),
      requestedAt: isoTime,
    }),
    { ...maintenanceStream, owner: 'maintenance' },
  ),
  MaintenanceStatusChanged: event(
    z.object({
      requestId: z.string().uuid(),
      email,
      si,
      apartment: z.string().min(1).max(20),
      status: maintenanceStatus.exclude(['open']),
      /** Set when status is 'scheduled'. */
      scheduledFor: isoDate.optional(),
      /** Set when status is 'declined'. */
      reason: z.string().min(1).max(1000).optional(),
      changedBy: email,
      changedAt: isoTime,
    }),
    { ...maintenanceStream, owner: 'maintenance' },
  ),
  MaintenanceCommentAdded: event(
    z.object({
      requestId: z.string().uuid(),
      email,
      author: email,
      authorRole: z.enum(['member', 'admin']),
      text: z.string().min(1).max(2000),
      commentedAt: isoTime,
    }),
    { ...maintenanceStream, owner: 'maintenance' },
  ),
} as const;

export type EventType = keyof typeof catalogue;
export type EventData<T extends EventType> = z.infer<(typeof catalogue)[T]['schema']>;
export const eventTypes = Object.keys(catalogue) as EventType[];

/** The current schema version of each type (bumped when a shape changes; add an upcaster then). */
export const currentSchemaVersion = Object.fromEntries(
  eventTypes.map((t) => [t, catalogue[t].schemaVersion]),
) as Record<EventType, number>;

/** A typed event as deciders produce it: `{ type, data }` with data matching its schema. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(catalogue, type);
}

/** Validates the data of an event of a known type; throws a ZodError naming the bad field. */
export function parseEventData<T extends EventType>(type: T, data: unknown): EventData<T> {
  return catalogue[type].schema.parse(data) as EventData<T>;
}

/**
 * The stream an event belongs to, read off its own data: deciders return plain events and the
 * command handler routes them, so one decision may touch several streams (accept = agreement + user).
 */
export function streamOf(event: DomainEvent): string {
  const route = catalogue[event.type].stream as (data: DomainEvent['data']) => string;
  return route(event.data);
}

/** The stream category (and so the Kafka topic) of an event type. */
export const categoryOf = (type: EventType): Category => catalogue[type].category;
