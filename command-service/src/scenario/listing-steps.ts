import type { ApartmentDetails } from '@building/events/catalogue';
import { streams } from '@building/events/streams';
import type { AnnouncementState } from '../announcement/announcement.ts';
import { decideAnnouncement } from '../announcement/decide.ts';
import type { ApartmentState } from '../apartment/apartment.ts';
import { decideApartment } from '../apartment/decide.ts';
import type { Caller } from '../command-handling/caller.ts';
import type { CouponState } from '../coupon/coupon.ts';
import { couponIdFor } from '../coupon/coupon-id.ts';
import { decideCoupon } from '../coupon/decide.ts';
import { decided, type Decision, type DecidingLog } from './decision.ts';

// What an admin lists and posts: apartments, coupons, announcements.

const apartmentState = (log: DecidingLog, si: number) => log.state<ApartmentState>(streams.apartment(si));
const couponState = (log: DecidingLog, couponId: string) => log.state<CouponState>(streams.coupon(couponId));

export const listApartment = (log: DecidingLog, details: ApartmentDetails, by: Caller): Decision =>
  decided(
    decideApartment({ type: 'ListApartment', data: { details, by } }, apartmentState(log, details.si)),
    by,
  );

export const editApartment = (log: DecidingLog, details: ApartmentDetails, by: Caller): Decision =>
  decided(
    decideApartment({ type: 'EditApartment', data: { details, by } }, apartmentState(log, details.si)),
    by,
  );

/** A coupon's id is its code's (see couponIdFor), as the coupon routes add it. */
export function addCoupon(
  log: DecidingLog,
  coupon: { code: string; discount: number; description: string },
  by: Caller,
): Decision & { couponId: string } {
  const couponId = couponIdFor(coupon.code);
  const events = decideCoupon(
    { type: 'AddCoupon', data: { couponId, ...coupon, by } },
    couponState(log, couponId),
  );
  return { ...decided(events, by), couponId };
}

/** Disables an available coupon, or enables a disabled one. */
export function toggleCoupon(log: DecidingLog, couponId: string, available: boolean, by: Caller): Decision {
  const type = available ? 'EnableCoupon' : 'DisableCoupon';
  return decided(decideCoupon({ type, data: { couponId, by } }, couponState(log, couponId)), by);
}

export const postAnnouncement = (
  log: DecidingLog,
  announcement: { announcementId: string; title: string; description: string },
  by: Caller,
): Decision =>
  decided(
    decideAnnouncement(
      { type: 'PostAnnouncement', data: { ...announcement, by } },
      log.state<AnnouncementState>(streams.announcement(announcement.announcementId)),
    ),
    by,
  );
