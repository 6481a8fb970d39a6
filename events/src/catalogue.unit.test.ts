import { describe, expect, it } from 'vitest';
import {
  catalogue,
  categoryOf,
  eventTypes,
  parseEventData,
  streamOf,
  type DomainEvent,
} from './catalogue.ts';
import { categoryOfStream } from './streams.ts';

const email = 'mina@building.test';
const uuid = '7b0c6f1e-1c63-4bd4-9d36-3f3f1e0a3c11';
const at = '2026-03-01T10:00:00.000Z';
const lease = { si: 7, apartment: '3A01', block: 'A', floor: 3, room: '3 bed', rent: 24_000 };
const period = { si: 7, month: 'March', year: 2026, email } as const;
const price = { rentPoisha: 2_400_000, discount: 0, couponCode: null, amountPoisha: 2_400_000 };

/** One valid event of every type: the catalogue must route each to a stream of its own category. */
const samples: DomainEvent[] = [
  { type: 'UserRegistered', data: { email, name: 'Mina', photoURL: '' } },
  { type: 'ProfileUpdated', data: { email, name: 'Mina', photoURL: '' } },
  { type: 'AdminGranted', data: { email } },
  { type: 'MemberPromoted', data: { email, si: 7 } },
  { type: 'MemberDemoted', data: { email, endedLeases: [7] } },
  { type: 'ApartmentListed', data: { ...lease, image: '/images/a.svg' } },
  { type: 'ApartmentUpdated', data: { ...lease, image: '/images/a.svg' } },
  {
    type: 'AgreementRequested',
    data: { ...lease, requestId: uuid, userEmail: email, userName: 'Mina', requestedAt: at },
  },
  {
    type: 'AgreementAccepted',
    data: { ...lease, requestId: uuid, userEmail: email, userName: 'Mina', acceptedAt: at },
  },
  {
    type: 'AgreementRejected',
    data: { requestId: uuid, si: 7, userEmail: email, reason: 'rejected-by-admin' },
  },
  { type: 'AgreementWithdrawn', data: { requestId: uuid, si: 7, userEmail: email, withdrawnAt: at } },
  { type: 'LeaseEnded', data: { si: 7, userEmail: email, endedAt: at, reason: 'member-demoted' } },
  { type: 'CouponAdded', data: { couponId: uuid, code: 'EID', discount: 10, description: '' } },
  { type: 'CouponDisabled', data: { couponId: uuid } },
  { type: 'CouponEnabled', data: { couponId: uuid } },
  { type: 'AnnouncementPosted', data: { announcementId: uuid, title: 'Lift', description: 'Sunday' } },
  { type: 'RentPaymentStarted', data: { paymentIntentId: 'pi_1', ...period, ...price } },
  {
    type: 'RentPaid',
    data: {
      ...lease,
      ...period,
      ...price,
      paymentIntentId: 'pi_1',
      transactionId: 'pi_1',
      name: 'Mina',
      paidAt: at,
    },
  },
  {
    type: 'RentPaymentFailed',
    data: { paymentIntentId: 'pi_1', ...period, code: 'card_declined', message: 'declined' },
  },
  { type: 'EmailPreferencesChanged', data: { email, off: ['rent-reminder'] } },
  { type: 'NotificationsRead', data: { email, upTo: at } },
  {
    type: 'RentRefunded',
    data: {
      ...period,
      paymentIntentId: 'pi_2',
      refundId: 're_1',
      amountPoisha: 2_400_000,
      reason: 'duplicate-charge',
      refundedAt: at,
    },
  },
  {
    type: 'RentReminderIssued',
    data: { ...period, apartment: '3A01', name: 'Mina', kind: 'due', amountPoisha: 2_400_000, issuedAt: at },
  },
  {
    type: 'MaintenanceRequested',
    data: {
      requestId: uuid,
      email,
      name: 'Mina',
      si: 7,
      apartment: '3A01',
      block: 'A',
      category: 'plumbing',
      description: 'Leak',
      photos: [],
      requestedAt: at,
    },
  },
  {
    type: 'MaintenanceStatusChanged',
    data: {
      requestId: uuid,
      email,
      si: 7,
      apartment: '3A01',
      status: 'scheduled',
      scheduledFor: '2026-03-04',
      changedBy: 'admin@building.test',
      changedAt: at,
    },
  },
  {
    type: 'MaintenanceCommentAdded',
    data: { requestId: uuid, email, author: email, authorRole: 'member', text: 'Thanks', commentedAt: at },
  },
];

describe('the event catalogue', () => {
  it('has a sample here for every event type', () => {
    expect(samples.map((e) => e.type).sort()).toEqual([...eventTypes].sort());
  });

  it.each(samples)('routes $type to a stream of its own category', (event) => {
    expect(parseEventData(event.type, event.data)).toEqual(event.data);
    expect(categoryOfStream(streamOf(event))).toBe(categoryOf(event.type));
  });

  it('names the stream by the aggregate boundary: a payment per apartment and month', () => {
    expect(streamOf(samples.find((e) => e.type === 'RentPaid')!)).toBe('payment-7-2026-march');
    expect(streamOf(samples.find((e) => e.type === 'LeaseEnded')!)).toBe('agreement-7');
  });

  it('says which decider records each type (accept promotes, demotion ends leases)', () => {
    expect(catalogue.MemberPromoted).toMatchObject({ category: 'user', owner: 'agreement' });
    expect(catalogue.LeaseEnded).toMatchObject({ category: 'agreement', owner: 'user' });
  });
});
