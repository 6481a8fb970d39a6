import { z } from 'zod';

/**
 * The event catalogue: one schema per event type, in its current schema version. Older shapes are
 * upcast on read (see upcasters.ts). Every event carries what its projections need, so projections
 * never depend on ordering across streams.
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

export const eventSchemas = {
  // users: stream user-<email>
  UserRegistered: z.object({ email, name: z.string().max(200), photoURL: z.string().max(2000) }),
  ProfileUpdated: z.object({ email, name: z.string().max(200), photoURL: z.string().max(2000) }),
  AdminGranted: z.object({ email }),
  MemberPromoted: z.object({ email, si }),
  MemberDemoted: z.object({ email, endedLeases: z.array(si) }),

  // apartments: stream apartment-<si>
  ApartmentListed: apartmentDetails,
  ApartmentUpdated: apartmentDetails,

  // agreements: stream agreement-<si>, the booking boundary of one apartment
  AgreementRequested: lease.extend({
    requestId: z.string().uuid(),
    userEmail: email,
    userName: z.string().max(200),
    requestedAt: isoTime,
  }),
  AgreementAccepted: lease.extend({
    requestId: z.string().uuid(),
    userEmail: email,
    userName: z.string().max(200),
    acceptedAt: isoTime,
  }),
  AgreementRejected: z.object({
    requestId: z.string().uuid(),
    si,
    userEmail: email,
    reason: z.enum(['rejected-by-admin', 'apartment-booked']),
  }),
  LeaseEnded: z.object({ si, userEmail: email, endedAt: isoTime, reason: z.enum(['member-demoted']) }),

  // coupons: stream coupon-<id>
  CouponAdded: z.object({
    couponId: z.string().uuid(),
    code: z.string().min(1).max(40),
    discount: z.number().int().min(1).max(100),
    description: z.string().max(1000),
  }),
  CouponDisabled: z.object({ couponId: z.string().uuid() }),
  CouponEnabled: z.object({ couponId: z.string().uuid() }),

  // announcements: stream announcement-<id>
  AnnouncementPosted: z.object({
    announcementId: z.string().uuid(),
    title: z.string().min(1).max(200),
    description: z.string().min(1).max(5000),
  }),

  // payments: stream payment-<si>-<year>-<month>; money in integer poisha (1 taka = 100 poisha)
  RentPaymentStarted: z.object({
    paymentIntentId: z.string().min(1),
    si,
    month: monthSchema,
    year: z.number().int().min(2000).max(2100),
    email,
    rentPoisha: z.number().int().positive(),
    discount: z.number().int().min(0).max(100),
    couponCode: z.string().nullable(),
    amountPoisha: z.number().int().min(0),
  }),
  RentPaid: lease.extend({
    paymentIntentId: z.string().min(1),
    transactionId: z.string().min(1),
    month: monthSchema,
    year: z.number().int().min(2000).max(2100),
    email,
    name: z.string().max(200),
    rentPoisha: z.number().int().positive(),
    discount: z.number().int().min(0).max(100),
    couponCode: z.string().nullable(),
    amountPoisha: z.number().int().min(0),
    paidAt: isoTime,
  }),
  RentPaymentFailed: z.object({
    paymentIntentId: z.string().min(1),
    si,
    month: monthSchema,
    year: z.number().int().min(2000).max(2100),
    email,
    code: z.string().max(100),
    message: z.string().max(1000),
    /** The provider's failed charge: the same decline reported twice (client and webhook) is one event. */
    chargeId: z.string().min(1).max(255).optional(),
  }),
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
export const eventTypes = Object.keys(eventSchemas) as EventType[];

/** The current schema version of each type (bumped when a shape changes; add an upcaster then). */
export const currentSchemaVersion: Record<EventType, number> = Object.fromEntries(
  eventTypes.map((t) => [t, t === 'AgreementRequested' ? 2 : 1]),
) as Record<EventType, number>;

/** A typed event as deciders produce it: `{ type, data }` with data matching its schema. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(eventSchemas, type);
}

/** Validates the data of an event of a known type; throws a ZodError naming the bad field. */
export function parseEventData<T extends EventType>(type: T, data: unknown): EventData<T> {
  return eventSchemas[type].parse(data) as EventData<T>;
}
