import type { DomainEvent } from '@building/events/catalogue';
import { streams } from '@building/events/streams';

/**
 * The stream each event belongs to, read off its own data: deciders return plain events and the
 * handler routes them, so one decision may touch several streams (accept = agreement + user).
 */
export function streamOf(event: DomainEvent): string {
  switch (event.type) {
    case 'UserRegistered':
    case 'ProfileUpdated':
    case 'AdminGranted':
    case 'MemberPromoted':
    case 'MemberDemoted':
      return streams.user(event.data.email);
    case 'ApartmentListed':
    case 'ApartmentUpdated':
      return streams.apartment(event.data.si);
    case 'AgreementRequested':
    case 'AgreementAccepted':
    case 'AgreementRejected':
    case 'LeaseEnded':
      return streams.agreement(event.data.si);
    case 'CouponAdded':
    case 'CouponDisabled':
    case 'CouponEnabled':
      return streams.coupon(event.data.couponId);
    case 'AnnouncementPosted':
      return streams.announcement(event.data.announcementId);
    case 'RentPaymentStarted':
    case 'RentPaymentFailed':
    case 'RentPaid':
      return streams.payment(event.data.si, event.data.year, event.data.month);
    default: {
      const unhandled: never = event;
      throw new Error(`no stream for ${JSON.stringify(unhandled)}`);
    }
  }
}
