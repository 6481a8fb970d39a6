import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@building/events/catalogue';
import type { CommandMetadata } from '@building/events/envelope';
import { streams } from '@building/events/streams';
import type { PostgresEventStore } from '../../event-store/event-store.ts';

/** When the sample log's events happen: one day apart from 2026-01-01, so windows are easy to pick. */
export const sampleDay = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 9, 0, 0));

const admin: CommandMetadata['actor'] = { email: 'admin@building.test', role: 'admin' };

/**
 * Appends a small building's history through the store (real hash chains): apartments, users,
 * agreements requested and accepted, coupons, an announcement, payments paid and failed.
 * `apartments` scales it up for rebuild tests. Returns the number of events appended.
 */
export async function appendSampleLog(
  store: PostgresEventStore,
  options: { apartments?: number; firstSi?: number } = {},
) {
  const apartments = options.apartments ?? 3;
  const firstSi = options.firstSi ?? 1;
  let appended = 0;
  let day = 0;
  const append = async (stream: string, expectedVersion: number, events: DomainEvent[], actor = admin) => {
    const meta: CommandMetadata = { now: sampleDay(day++ % 300), actor, correlationId: randomUUID() };
    await store.append([{ stream, expectedVersion, events }], meta);
    appended += events.length;
  };
  const couponId = randomUUID();
  await append(streams.coupon(couponId), 0, [
    {
      type: 'CouponAdded',
      data: { couponId, code: 'EID10', discount: 10, description: 'Eid, "ten" off, yes' },
    },
  ]);
  for (let si = firstSi; si < firstSi + apartments; si++) {
    const details = {
      si,
      apartment: `A${si}`,
      block: 'A',
      floor: Math.ceil(si / 4),
      room: String(si),
      rent: 10000 + si,
    };
    const email = `tenant${si}@example.com`;
    await append(streams.apartment(si), 0, [
      { type: 'ApartmentListed', data: { ...details, image: `/images/apartments/a${si}.svg` } },
    ]);
    await append(streams.user(email), 0, [
      { type: 'UserRegistered', data: { email, name: `Tenant ${si}`, photoURL: '' } },
    ]);
    const { image: _image, ...lease } = { ...details, image: '' };
    const requestId = randomUUID();
    await append(
      streams.agreement(si),
      0,
      [
        {
          type: 'AgreementRequested',
          data: {
            ...lease,
            requestId,
            userEmail: email,
            userName: `Tenant ${si}`,
            requestedAt: sampleDay(day).toISOString(),
          },
        },
      ],
      { email, role: 'user' },
    );
    if (si % 3 === 0) {
      await append(streams.agreement(si), 1, [
        { type: 'AgreementRejected', data: { requestId, si, userEmail: email, reason: 'rejected-by-admin' } },
      ]);
      continue;
    }
    await append(streams.agreement(si), 1, [
      {
        type: 'AgreementAccepted',
        data: {
          ...lease,
          requestId,
          userEmail: email,
          userName: `Tenant ${si}`,
          acceptedAt: sampleDay(day).toISOString(),
        },
      },
    ]);
    const paymentIntentId = `pi_${si}`;
    const rentPoisha = lease.rent * 100;
    const amountPoisha = rentPoisha - rentPoisha / 10;
    await append(
      streams.payment(si, 2026, 'January'),
      0,
      [
        {
          type: 'RentPaymentStarted',
          data: {
            paymentIntentId,
            si,
            month: 'January',
            year: 2026,
            email,
            rentPoisha,
            discount: 10,
            couponCode: 'EID10',
            amountPoisha,
          },
        },
        si % 2 === 0
          ? {
              type: 'RentPaymentFailed',
              data: {
                paymentIntentId,
                si,
                month: 'January',
                year: 2026,
                email,
                code: 'card_declined',
                message: 'Your card was declined.',
              },
            }
          : {
              type: 'RentPaid',
              data: {
                ...lease,
                paymentIntentId,
                transactionId: `ch_${si}`,
                month: 'January',
                year: 2026,
                email,
                name: `Tenant ${si}`,
                rentPoisha,
                discount: 10,
                couponCode: 'EID10',
                amountPoisha,
                paidAt: sampleDay(day).toISOString(),
              },
            },
      ],
      { email, role: 'member' },
    );
  }
  await append(streams.coupon(couponId), 1, [{ type: 'CouponDisabled', data: { couponId } }]);
  const announcementId = randomUUID();
  await append(streams.announcement(announcementId), 0, [
    {
      type: 'AnnouncementPosted',
      data: { announcementId, title: 'Water', description: 'No water on\nFriday, 9-12' },
    },
  ]);
  return appended;
}
