import { randomUUID } from 'node:crypto';
import type { ApartmentDetails, EmailKind, EventData, Month } from '@building/events/catalogue';
import type { PostgresEventStore } from '@building/infra/event-store/event-store';
import type { Caller } from '@building/command-service/command-handling/caller';
import { callerOf } from '@building/command-service/scenario/decision';
import {
  acceptAgreement,
  pendingRequestById,
  rejectAgreement,
  requestAgreement,
} from '@building/command-service/scenario/agreement-steps';
import {
  addCoupon,
  listApartment,
  postAnnouncement,
  toggleCoupon,
} from '@building/command-service/scenario/listing-steps';
import {
  changeMaintenanceStatus,
  commentOnMaintenanceRequest,
  fileMaintenanceRequest,
} from '@building/command-service/scenario/maintenance-steps';
import {
  issueRentReminder,
  recordRentPaid,
  recordRentRefunded,
  startRentPayment,
  type OpenIntent,
} from '@building/command-service/scenario/payment-steps';
import {
  demoteMember,
  markNotificationsRead,
  recordProfile,
  setEmailPreferences,
} from '@building/command-service/scenario/user-steps';
import { storeHistory } from '@building/command-service/testing/store-history';

/**
 * Test support: writes a building's history through the real PostgresEventStore.append, with the
 * events the real deciders decide (the scenario steps the log generator uses too): one transaction
 * per command, several streams where the domain says so. Time advances one minute per command, so
 * "newest first" is testable. The admin acts by address, registered or not.
 */
export function buildingHistory(store: PostgresEventStore, start = new Date('2026-01-05T09:00:00Z')) {
  const { log, record } = storeHistory(store, (n) => new Date(start.getTime() + (n + 1) * 60_000));
  const admin: Caller = { email: 'admin@building.test', role: 'admin', name: 'Admin' };
  const callerFor = (email: string) => (email === admin.email ? admin : callerOf(log, email));
  /** The apartment of each agreement request, to find the request by its id. */
  const requests = new Map<string, number>();
  /** Intents opened and not yet paid or refunded, per apartment-month. */
  const openIntents = new Map<string, OpenIntent[]>();
  const monthKey = (si: number, month: Month, year: number) => `${si}-${year}-${month}`;

  async function startPayment(email: string, si: number, month: Month, year: number, code?: string) {
    const paymentIntentId = `pi_${randomUUID().replaceAll('-', '')}`;
    const started = startRentPayment(log, { email, si, month, year, code }, paymentIntentId);
    await record(started);
    const key = monthKey(si, month, year);
    openIntents.set(key, [...(openIntents.get(key) ?? []), started]);
    return started;
  }
  const settle = ({ request, intent }: OpenIntent) => {
    const key = monthKey(request.si, request.month, request.year);
    openIntents.set(
      key,
      (openIntents.get(key) ?? []).filter((o) => o.intent.id !== intent.id),
    );
  };

  return {
    /** The time the next command will carry. */
    nextTime: () => log.now(),

    register: (email: string, name: string, options: { admin?: boolean } = {}) =>
      record(recordProfile(log, { email, name, photoURL: `https://img.test/${name}.png` }, options.admin)),

    updateProfile: (email: string, name: string) => record(recordProfile(log, { email, name, photoURL: '' })),

    list: (si: number, overrides: Partial<ApartmentDetails> = {}) => {
      const details: ApartmentDetails = {
        si,
        apartment: String(100 + si),
        block: ['A', 'B', 'C', 'D'][si % 4]!,
        floor: Math.ceil(si / 4),
        room: String(300 + si),
        rent: 15_000 + si * 500,
        image: `/images/apartments/apartment-${si}.svg`,
        ...overrides,
      };
      return record(listApartment(log, details, admin));
    },

    request: async (si: number, email: string) => {
      const requestId = randomUUID();
      requests.set(requestId, si);
      return { ...(await record(requestAgreement(log, si, email, requestId))), requestId };
    },

    /** Accept: books the apartment, promotes the user, rejects the other pending requests for it. */
    accept: (requestId: string) => {
      const { si, email } = pending(requestId);
      return record(acceptAgreement(log, si, email, admin));
    },

    reject: (requestId: string) => {
      const { si, email } = pending(requestId);
      return record(rejectAgreement(log, si, email, admin));
    },

    /** Demote: ends the member's leases (freeing the apartments) and the membership, atomically. */
    demote: (email: string) => record(demoteMember(log, email, admin)),

    addCoupon: async (code: string, discount: number, description = `${discount}% off`) => {
      const added = addCoupon(log, { code, discount, description }, admin);
      return { ...(await record(added)), couponId: added.couponId };
    },
    disableCoupon: (couponId: string) => record(toggleCoupon(log, couponId, false, admin)),
    enableCoupon: (couponId: string) => record(toggleCoupon(log, couponId, true, admin)),

    announce: async (title: string, description: string) => {
      const announcementId = randomUUID();
      const result = await record(postAnnouncement(log, { announcementId, title, description }, admin));
      return { ...result, announcementId };
    },

    /**
     * The member opens a payment and leaves it open (a second browser tab, say): if another intent
     * pays the month, `refundSecondCharge` charges and refunds this one.
     */
    startPayment: (email: string, si: number, month: Month, year: number) =>
      startPayment(email, si, month, year),

    /** A successful rent payment: started, then paid, as the payment flow records them. */
    pay: async (
      email: string,
      si: number,
      month: Month,
      year: number,
      coupon?: { code: string; discount: number },
    ) => {
      const started = await startPayment(email, si, month, year, coupon?.code);
      const result = await record(recordRentPaid(log, started));
      settle(started);
      return { ...result, transactionId: started.intent.id, paidAt: result.now.toISOString() };
    },

    /** The intent left open by `startPayment` is charged after the month was paid: the provider refunds it. */
    refundSecondCharge: async (_email: string, si: number, month: Month, year: number) => {
      const second = openIntents.get(monthKey(si, month, year))?.[0];
      if (!second) throw new Error(`no second intent was opened for ${month} ${year} of apartment ${si}`);
      const result = await record(recordRentRefunded(log, second, `re_${second.intent.id.slice(3)}`));
      settle(second);
      return {
        ...result,
        transactionId: second.intent.id,
        refundedAt: result.now.toISOString(),
        amountPoisha: second.intent.amount,
      };
    },

    /** The reminder scheduler's record for an unpaid month. */
    remind: (email: string, si: number, month: Month, year: number, kind: 'due' | 'overdue') =>
      record(issueRentReminder(log, { email, si, month, year, kind })),

    /** A member files a maintenance request about their leased apartment. */
    fileMaintenance: async (
      email: string,
      si: number,
      filing: Pick<EventData<'MaintenanceRequested'>, 'category' | 'description'> & { photos?: string[] },
    ) => {
      const requestId = randomUUID();
      const filed = fileMaintenanceRequest(log, email, { photos: [], ...filing, requestId, si });
      return { ...(await record(filed)), requestId };
    },

    /** An admin moves a maintenance request on (scheduledFor / reason as the status needs). */
    triageMaintenance: (
      requestId: string,
      status: EventData<'MaintenanceStatusChanged'>['status'],
      more: { scheduledFor?: string; reason?: string } = {},
    ) => record(changeMaintenanceStatus(log, requestId, status, more, admin)),

    commentOnMaintenance: (requestId: string, author: string, text: string) =>
      record(commentOnMaintenanceRequest(log, requestId, text, callerFor(author))),

    emailPreferences: (email: string, off: EmailKind[]) => record(setEmailPreferences(log, email, off)),

    readNotifications: (email: string, upTo: string) =>
      record(markNotificationsRead(log, email, new Date(upTo))),
  };

  function pending(requestId: string) {
    const si = requests.get(requestId);
    const request = si === undefined ? undefined : pendingRequestById(log, si, requestId);
    if (!request) throw new Error('no such pending request');
    return { si: request.si, email: request.userEmail };
  }
}

export type BuildingHistory = ReturnType<typeof buildingHistory>;
