import type { EventType } from '@building/events/catalogue';
import { moneyEventTypes, type MoneyEventType } from '@building/events/money-event-types';

// Named in the events package, where the journal's read model lists what it reads.
export { moneyEventTypes, type MoneyEventType };

/**
 * Every other event type, with why it posts nothing. A new type in the catalogue fails to compile
 * here until it is named as money (and posted) or here with its reason.
 */
export const notMoneyEvents: Record<Exclude<EventType, MoneyEventType>, string> = {
  UserRegistered: 'a person',
  ProfileUpdated: 'a person',
  AdminGranted: 'a role',
  MemberPromoted: 'a role',
  MemberDemoted: 'a role (the lease it ends stops the rent)',
  EmailPreferencesChanged: 'a preference',
  NotificationsRead: 'a preference',
  LanguageChosen: 'a preference',
  ApartmentListed: 'a listing: its rent is billed through the lease',
  ApartmentUpdated: 'a listing: its rent is billed through the lease',
  AgreementRequested: 'a request',
  AgreementAccepted: 'a lease: the rent it owes is billed month by month (rent-due.ts)',
  AgreementRejected: 'a request',
  AgreementWithdrawn: 'a request',
  LeaseEnded: 'ends the rent billed (rent-due.ts)',
  CouponAdded: 'a price: its discount posts with the payment',
  CouponDisabled: 'a price',
  CouponEnabled: 'a price',
  CouponEdited: 'a price',
  CouponLimitsSet: 'a price',
  CouponRedeemed: 'a count: the discount posts with the RentPaid',
  AnnouncementPosted: 'news',
  AnnouncementEdited: 'news',
  AnnouncementPinned: 'news',
  AnnouncementUnpinned: 'news',
  AnnouncementExpirySet: 'news',
  RentPaymentStarted: 'an intent: nothing is paid until RentPaid',
  RentPaymentFailed: 'nothing was paid',
  RentReminderIssued: 'a reminder',
  ChargePlanSet: 'a price: its charges post as ChargeAdded',
  TariffSet: 'a price: its bills post as ChargeAdded',
  MeterRead: 'a reading: its bill posts as ChargeAdded',
  RecurringExpenseSet: 'a plan: each period posts as ExpenseRecorded',
  RecurringExpenseStopped: 'a plan',
  MaintenanceRequested: 'a repair request (its cost, if any, is an expense)',
  MaintenanceStatusChanged: 'a repair request',
  MaintenanceCommentAdded: 'a repair request',
};

const money: ReadonlySet<string> = new Set(moneyEventTypes);
export const isMoneyEventType = (type: string): type is MoneyEventType => money.has(type);
