import type { EventType } from './catalogue.ts';
import type { Category } from './streams.ts';

/**
 * Which stream category each event type lives in (DESIGN.md §3): the projector's routing, and what
 * read-your-writes checks. One small table, so the catalogue can take it over.
 */
export const categoryOfType: Record<EventType, Category> = {
  UserRegistered: 'user',
  ProfileUpdated: 'user',
  AdminGranted: 'user',
  MemberPromoted: 'user',
  MemberDemoted: 'user',
  ApartmentListed: 'apartment',
  ApartmentUpdated: 'apartment',
  AgreementRequested: 'agreement',
  AgreementAccepted: 'agreement',
  AgreementRejected: 'agreement',
  LeaseEnded: 'agreement',
  CouponAdded: 'coupon',
  CouponDisabled: 'coupon',
  CouponEnabled: 'coupon',
  AnnouncementPosted: 'announcement',
  RentPaymentStarted: 'payment',
  RentPaid: 'payment',
  RentPaymentFailed: 'payment',
};
