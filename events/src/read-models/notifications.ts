import { z } from 'zod';
import {
  catalogue,
  chargeKinds,
  emailKindSchema,
  monthSchema,
  offlineMethods,
  owedItem,
  paymentMethods,
} from '../catalogue.ts';
import { defineReadModel } from './read-model.ts';

/**
 * What a notification says, as facts: the UI builds its text (in English or Bangla) from them.
 * Money in poisha, as the events carry it.
 */
export const notificationFactsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('agreement-accepted'), apartment: z.string(), si: z.number().int() }),
  z.object({
    kind: z.literal('agreement-rejected'),
    si: z.number().int(),
    reason: catalogue.AgreementRejected.schema.shape.reason,
  }),
  z.object({
    kind: z.literal('rent-paid'),
    apartment: z.string(),
    month: monthSchema,
    year: z.number().int(),
    amountPoisha: z.number().int(),
    transactionId: z.string(),
  }),
  z.object({
    /** A refund made at the provider of the charge that paid the month; `reopened`: in full, due again. */
    kind: z.literal('rent-refunded'),
    si: z.number().int(),
    month: monthSchema,
    year: z.number().int(),
    amountPoisha: z.number().int(),
    reopened: z.boolean(),
  }),
  z.object({
    kind: z.literal('rent-reminder'),
    apartment: z.string(),
    month: monthSchema,
    year: z.number().int(),
    amountPoisha: z.number().int(),
    due: z.enum(['due', 'overdue']),
    /** YYYY-MM-DD, Dhaka. */
    dueBy: z.string().optional(),
    /** What the amount is made of: the rent, the charges and the late fee left to pay. */
    items: z.array(owedItem).optional(),
  }),
  z.object({
    kind: z.literal('payment-recorded'),
    apartment: z.string(),
    month: monthSchema,
    year: z.number().int(),
    amountPoisha: z.number().int(),
    method: z.enum(offlineMethods),
    reference: z.string(),
    paymentId: z.string(),
  }),
  z.object({
    kind: z.literal('charge-added'),
    apartment: z.string(),
    month: monthSchema,
    year: z.number().int(),
    amountPoisha: z.number().int(),
    charge: z.enum(chargeKinds),
    description: z.string(),
  }),
  z.object({
    kind: z.literal('deposit-paid'),
    si: z.number().int(),
    amountPoisha: z.number().int(),
    method: z.enum(paymentMethods),
    reference: z.string(),
  }),
  z.object({
    /** The deposit settled at the lease's end: what was kept and what goes back, and how. */
    kind: z.literal('deposit-settled'),
    si: z.number().int(),
    keptPoisha: z.number().int(),
    returnedPoisha: z.number().int(),
    method: z.enum(paymentMethods),
    reference: z.string(),
  }),
  z.object({
    kind: z.literal('maintenance-status'),
    apartment: z.string(),
    requestId: z.string(),
    status: catalogue.MaintenanceStatusChanged.schema.shape.status,
    scheduledFor: z.string().optional(),
    reason: z.string().optional(),
  }),
  /** The building office wrote on the person's maintenance request. */
  z.object({ kind: z.literal('maintenance-comment'), requestId: z.string(), text: z.string() }),
  /** An admin removed the person as a member: their leases ended. */
  z.object({ kind: z.literal('member-removed'), leases: z.number().int() }),
]);
export type NotificationFacts = z.infer<typeof notificationFactsSchema>;
export type NotificationKind = NotificationFacts['kind'];

/** An announcement, told to everyone who lives in the building while it is posted (in-app only). */
export const announcementFactsSchema = z.object({
  kind: z.literal('announcement'),
  announcementId: z.string(),
  title: z.string(),
});
export type AnnouncementFacts = z.infer<typeof announcementFactsSchema>;

/** What the bell shows: a person's own notifications and the announcements told to residents. */
export const inAppFactsSchema = z.union([notificationFactsSchema, announcementFactsSchema]);
export type InAppFacts = z.infer<typeof inAppFactsSchema>;

/**
 * In-app notifications (GET /notifications/:email, owner only): one row per notification and
 * recipient, newest first, each unread while it is newer than the recipient's read mark. The
 * recipients table keeps that mark and the kinds of email they turned off (their profile).
 * Announcements are one row each (broadcasts), told to whoever lived in the building when it was
 * posted (residencies: each time a person became a member, until they were removed), while it
 * has not expired. Version 2: version 1 told no one of announcements.
 */
export const notificationsView = defineReadModel({
  view: 'notifications',
  version: 2,
  audience: 'owner',
  tables: ['notifications', 'recipients', 'broadcasts', 'residencies'],
  events: [
    'AnnouncementPosted',
    'AnnouncementEdited',
    'AnnouncementExpirySet',
    'MemberPromoted',
    'AgreementAccepted',
    'AgreementRejected',
    'RentPaid',
    'RentRefunded',
    'RentReminderIssued',
    'OfflinePaymentRecorded',
    'ChargeAdded',
    'DepositPaid',
    'DepositSettled',
    'MaintenanceStatusChanged',
    'MaintenanceCommentAdded',
    'MemberDemoted',
    'NotificationsRead',
    'EmailPreferencesChanged',
  ],
  row: z.object({
    notification_id: z.string(),
    // The facts column is JSON text; a row that does not parse fails the read loudly.
    facts: z.string().transform((text) => inAppFactsSchema.parse(JSON.parse(text))),
    created_at: z.date(),
    unread: z.boolean(),
  }),
  response: z.object({
    id: z.string(),
    createdAt: z.string(),
    unread: z.boolean(),
    facts: inAppFactsSchema,
  }),
  toResponse: (r) => ({
    id: r.notification_id,
    createdAt: r.created_at.toISOString(),
    unread: r.unread,
    facts: r.facts,
  }),
});
export type Notification = z.infer<typeof notificationsView.response>;

/** One page of the caller's notifications, with how many are unread in all. */
export const notificationPageSchema = z.object({
  notifications: z.array(notificationsView.response),
  unread: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** GET /email-preferences/:email: the kinds of email the person turned off. */
export const emailPreferencesSchema = z.object({ off: z.array(emailKindSchema) });
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
