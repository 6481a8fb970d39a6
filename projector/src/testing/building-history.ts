import { randomUUID } from 'node:crypto';
import type { Actor } from '@building/events/envelope';
import type { ApartmentDetails, DomainEvent, EventData, Month } from '@building/events/catalogue';
import { streams } from '@building/events/streams';
import type { PostgresEventStore } from '@building/infra/event-store/event-store';

/**
 * Test support: writes a building's history through the real PostgresEventStore.append, with the
 * events the command side decides (one transaction per command, several streams where the domain
 * says so). Time advances one minute per command, so "newest first" is testable.
 */
export function buildingHistory(store: PostgresEventStore, start = new Date('2026-01-05T09:00:00Z')) {
  let minutes = 0;
  const apartments = new Map<number, ApartmentDetails>();
  const names = new Map<string, string>();
  const pending = new Map<string, { si: number; email: string }>();
  const leases = new Map<string, Set<number>>();
  const maintenance = new Map<string, { email: string; si: number; apartment: string }>();
  const admin: Actor = { email: 'admin@building.test', role: 'admin' };

  async function write(byStream: Array<[string, DomainEvent[]]>, actor: Actor = 'system') {
    const now = new Date(start.getTime() + ++minutes * 60_000);
    const requests = [];
    for (const [stream, events] of byStream) {
      requests.push({ stream, expectedVersion: await store.streamVersion(stream), events });
    }
    const result = await store.append(requests, { now, actor, correlationId: randomUUID() });
    return { position: result.position, now, events: result.events };
  }
  const one = <T extends DomainEvent['type']>(type: T, data: EventData<T>) => ({ type, data }) as DomainEvent;
  const apartment = (si: number) => {
    const found = apartments.get(si);
    if (!found) throw new Error(`apartment ${si} is not listed in this history`);
    return found;
  };
  const lease = (si: number) => {
    const { image: _image, ...rest } = apartment(si);
    return rest;
  };
  /** A rent payment as it is started: a new intent for the month's rent, less the coupon. */
  const started = (
    email: string,
    si: number,
    month: Month,
    year: number,
    coupon?: { code: string; discount: number },
  ): EventData<'RentPaymentStarted'> => {
    const discount = coupon?.discount ?? 0;
    const rentPoisha = lease(si).rent * 100;
    const amountPoisha = rentPoisha - Math.round((rentPoisha * discount) / 100);
    const paymentIntentId = `pi_${randomUUID().replaceAll('-', '')}`;
    const couponCode = coupon?.code ?? null;
    return { paymentIntentId, si, month, year, email, rentPoisha, discount, couponCode, amountPoisha };
  };

  return {
    /** The time the next command will carry. */
    nextTime: () => new Date(start.getTime() + (minutes + 1) * 60_000),

    register: async (email: string, name: string, options: { admin?: boolean } = {}) => {
      names.set(email, name);
      const events = [one('UserRegistered', { email, name, photoURL: `https://img.test/${name}.png` })];
      if (options.admin) events.push(one('AdminGranted', { email }));
      return write([[streams.user(email), events]]);
    },

    updateProfile: (email: string, name: string) => {
      names.set(email, name);
      return write([[streams.user(email), [one('ProfileUpdated', { email, name, photoURL: '' })]]]);
    },

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
      apartments.set(si, details);
      return write([[streams.apartment(si), [one('ApartmentListed', details)]]], admin);
    },

    request: async (si: number, email: string) => {
      const requestId = randomUUID();
      pending.set(requestId, { si, email });
      const result = await write(
        [
          [
            streams.agreement(si),
            [
              one('AgreementRequested', {
                ...lease(si),
                requestId,
                userEmail: email,
                userName: names.get(email) ?? '',
                requestedAt: new Date(start.getTime() + (minutes + 1) * 60_000).toISOString(),
              }),
            ],
          ],
        ],
        { email, role: 'user' },
      );
      return { ...result, requestId };
    },

    /** Accept: books the apartment, promotes the user, rejects the other pending requests for it. */
    accept: (requestId: string) => {
      const request = pending.get(requestId);
      if (!request) throw new Error('no such pending request');
      const { si, email } = request;
      const acceptedAt = new Date(start.getTime() + (minutes + 1) * 60_000).toISOString();
      const others = [...pending].filter(([id, r]) => r.si === si && id !== requestId);
      for (const [id] of [[requestId], ...others]) pending.delete(id as string);
      leases.set(email, new Set([...(leases.get(email) ?? []), si]));
      return write(
        [
          [
            streams.agreement(si),
            [
              one('AgreementAccepted', {
                ...lease(si),
                requestId,
                userEmail: email,
                userName: names.get(email) ?? '',
                acceptedAt,
              }),
              ...others.map(([id, r]) =>
                one('AgreementRejected', {
                  requestId: id,
                  si,
                  userEmail: r.email,
                  reason: 'apartment-booked',
                }),
              ),
            ],
          ],
          [streams.user(email), [one('MemberPromoted', { email, si })]],
        ],
        admin,
      );
    },

    reject: (requestId: string) => {
      const request = pending.get(requestId);
      if (!request) throw new Error('no such pending request');
      pending.delete(requestId);
      return write(
        [
          [
            streams.agreement(request.si),
            [
              one('AgreementRejected', {
                requestId,
                si: request.si,
                userEmail: request.email,
                reason: 'rejected-by-admin',
              }),
            ],
          ],
        ],
        admin,
      );
    },

    /** Demote: ends the member's leases (freeing the apartments) and the membership, atomically. */
    demote: (email: string) => {
      const ended = [...(leases.get(email) ?? [])];
      leases.delete(email);
      const endedAt = new Date(start.getTime() + (minutes + 1) * 60_000).toISOString();
      return write(
        [
          [streams.user(email), [one('MemberDemoted', { email, endedLeases: ended })]],
          ...ended.map(
            (si) =>
              [
                streams.agreement(si),
                [one('LeaseEnded', { si, userEmail: email, endedAt, reason: 'member-demoted' })],
              ] as [string, DomainEvent[]],
          ),
        ],
        admin,
      );
    },

    addCoupon: async (code: string, discount: number, description = `${discount}% off`) => {
      const couponId = randomUUID();
      const result = await write(
        [[streams.coupon(couponId), [one('CouponAdded', { couponId, code, discount, description })]]],
        admin,
      );
      return { ...result, couponId };
    },
    disableCoupon: (couponId: string) =>
      write([[streams.coupon(couponId), [one('CouponDisabled', { couponId })]]], admin),
    enableCoupon: (couponId: string) =>
      write([[streams.coupon(couponId), [one('CouponEnabled', { couponId })]]], admin),

    announce: async (title: string, description: string) => {
      const announcementId = randomUUID();
      const result = await write(
        [
          [
            streams.announcement(announcementId),
            [one('AnnouncementPosted', { announcementId, title, description })],
          ],
        ],
        admin,
      );
      return { ...result, announcementId };
    },

    /** A successful rent payment: started, then paid, as the payment flow records them. */
    pay: async (
      email: string,
      si: number,
      month: Month,
      year: number,
      coupon?: { code: string; discount: number },
    ) => {
      const details = lease(si);
      const common = started(email, si, month, year, coupon);
      const { paymentIntentId } = common;
      const stream = streams.payment(si, year, month);
      await write([[stream, [one('RentPaymentStarted', common)]]], { email, role: 'member' });
      const paidAt = new Date(start.getTime() + (minutes + 1) * 60_000).toISOString();
      const result = await write(
        [
          [
            stream,
            [
              one('RentPaid', {
                ...details,
                ...common,
                transactionId: paymentIntentId,
                name: names.get(email) ?? '',
                paidAt,
              }),
            ],
          ],
        ],
        'system',
      );
      return { ...result, transactionId: paymentIntentId, paidAt };
    },

    /** A second intent for a month already paid, charged too, then refunded as the payment flow records it. */
    refundSecondCharge: async (email: string, si: number, month: Month, year: number) => {
      const second = started(email, si, month, year);
      const stream = streams.payment(si, year, month);
      await write([[stream, [one('RentPaymentStarted', second)]]], { email, role: 'member' });
      const refundedAt = new Date(start.getTime() + (minutes + 1) * 60_000).toISOString();
      const { paymentIntentId, amountPoisha } = second;
      const refunded = {
        paymentIntentId,
        refundId: `re_${paymentIntentId.slice(3)}`,
        si,
        month,
        year,
        email,
      };
      const result = await write(
        [
          [
            stream,
            [one('RentRefunded', { ...refunded, amountPoisha, reason: 'duplicate-charge', refundedAt })],
          ],
        ],
        'system',
      );
      return { ...result, transactionId: paymentIntentId, refundedAt, amountPoisha };
    },

    /** The reminder scheduler's record for an unpaid month. */
    remind: (email: string, si: number, month: Month, year: number, kind: 'due' | 'overdue') => {
      const details = lease(si);
      return write([
        [
          streams.payment(si, year, month),
          [
            one('RentReminderIssued', {
              si,
              apartment: details.apartment,
              month,
              year,
              email,
              name: names.get(email) ?? '',
              kind,
              amountPoisha: details.rent * 100,
              issuedAt: new Date(start.getTime() + (minutes + 1) * 60_000).toISOString(),
            }),
          ],
        ],
      ]);
    },

    /** A member files a maintenance request about their leased apartment. */
    fileMaintenance: async (
      email: string,
      si: number,
      filing: Pick<EventData<'MaintenanceRequested'>, 'category' | 'description'> & { photos?: string[] },
    ) => {
      const { apartment: name, block } = lease(si);
      const requestId = randomUUID();
      const requestedAt = new Date(start.getTime() + (minutes + 1) * 60_000).toISOString();
      maintenance.set(requestId, { email, si, apartment: name });
      const result = await write(
        [
          [
            streams.maintenance(requestId),
            [
              one('MaintenanceRequested', {
                requestId,
                email,
                name: names.get(email) ?? '',
                si,
                apartment: name,
                block,
                photos: [],
                ...filing,
                requestedAt,
              }),
            ],
          ],
        ],
        { email, role: 'member' },
      );
      return { ...result, requestId };
    },

    /** An admin moves a maintenance request on (scheduledFor / reason as the status needs). */
    triageMaintenance: (
      requestId: string,
      status: EventData<'MaintenanceStatusChanged'>['status'],
      more: { scheduledFor?: string; reason?: string } = {},
    ) => {
      const request = maintenance.get(requestId);
      if (!request) throw new Error('no such maintenance request');
      const changedAt = new Date(start.getTime() + (minutes + 1) * 60_000).toISOString();
      return write(
        [
          [
            streams.maintenance(requestId),
            [
              one('MaintenanceStatusChanged', {
                requestId,
                ...request,
                status,
                ...more,
                changedBy: admin.email,
                changedAt,
              }),
            ],
          ],
        ],
        admin,
      );
    },

    commentOnMaintenance: (requestId: string, author: string, text: string) => {
      const request = maintenance.get(requestId);
      if (!request) throw new Error('no such maintenance request');
      const authorRole = author === admin.email ? 'admin' : 'member';
      const commentedAt = new Date(start.getTime() + (minutes + 1) * 60_000).toISOString();
      return write(
        [
          [
            streams.maintenance(requestId),
            [
              one('MaintenanceCommentAdded', {
                requestId,
                email: request.email,
                author,
                authorRole,
                text,
                commentedAt,
              }),
            ],
          ],
        ],
        authorRole === 'admin' ? admin : { email: author, role: 'member' },
      );
    },

    emailPreferences: (email: string, off: EventData<'EmailPreferencesChanged'>['off']) =>
      write([[streams.user(email), [one('EmailPreferencesChanged', { email, off })]]], {
        email,
        role: 'user',
      }),

    readNotifications: (email: string, upTo: string) =>
      write([[streams.user(email), [one('NotificationsRead', { email, upTo })]]], { email, role: 'user' }),
  };
}

export type BuildingHistory = ReturnType<typeof buildingHistory>;
