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

  // announcements: stream announcement-<id>
  AnnouncementPosted: event(
    z.object({
      announcementId: z.string().uuid(),
      title: z.string().min(1).max(200),
      description: z.string().min(1).max(5000),
    }),
    { ...announcementStream, owner: 'announcement' },
  ),

  // payments: stream payment-<si>-<year>-<month>; money in integer poisha (1 taka = 100 poisha)
  RentPaymentStarted: event(
    z.object({ paymentIntentId, si, month: monthSchema, year, email, ...rentPrice }),
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
   * A second confirmed charge for a month already paid was refunded through the provider
   * (the resident is never charged twice).
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
      reason: z.enum(['duplicate-charge']),
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
      issuedAt: isoTime,
    }),
    { ...paymentStream, owner: 'payment' },
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
