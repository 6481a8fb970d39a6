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
  { type: 'CouponEdited', data: { couponId: uuid, discount: 15, description: 'Eid' } },
  { type: 'CouponLimitsSet', data: { couponId: uuid, expiresOn: '2026-04-30', usageLimit: 20 } },
  {
    type: 'CouponRedeemed',
    data: { couponId: uuid, si: 7, month: 'March', year: 2026, paymentIntentId: 'pi_1' },
  },
  { type: 'AnnouncementPosted', data: { announcementId: uuid, title: 'Lift', description: 'Sunday' } },
  { type: 'AnnouncementEdited', data: { announcementId: uuid, title: 'Lift', description: 'Monday' } },
  { type: 'AnnouncementPinned', data: { announcementId: uuid } },
  { type: 'AnnouncementUnpinned', data: { announcementId: uuid } },
  { type: 'AnnouncementExpirySet', data: { announcementId: uuid, expiresOn: null } },
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
  { type: 'LanguageChosen', data: { email, language: 'bn' } },
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
  {
    type: 'ChargeAdded',
    data: {
      ...period,
      apartment: '3A01',
      name: 'Mina',
      leaseId: uuid,
      chargeId: uuid,
      block: 'A',
      kind: 'electricity',
      amountPoisha: 120_000,
      description: 'Electricity, 120 units',
      origin: 'meter',
      meter: { from: 1000, to: 1120, perUnitPoisha: 800, fixedPoisha: 24_000 },
      addedBy: 'admin@building.test',
      addedAt: at,
    },
  },
  {
    type: 'ChargeCancelled',
    data: {
      ...period,
      chargeId: uuid,
      amountPoisha: 120_000,
      reason: 'typo',
      cancelledBy: 'admin@building.test',
      cancelledAt: at,
    },
  },
  {
    type: 'LateFeeCharged',
    data: {
      ...period,
      apartment: '3A01',
      name: 'Mina',
      leaseId: uuid,
      percent: 5,
      unpaidRentPoisha: 2_400_000,
      amountPoisha: 120_000,
      chargedAt: at,
    },
  },
  {
    type: 'OfflinePaymentRecorded',
    data: {
      ...period,
      apartment: '3A01',
      name: 'Mina',
      leaseId: uuid,
      paymentId: uuid,
      method: 'bkash',
      reference: 'TXN8H2K',
      amountPoisha: 1_000_000,
      recordedBy: 'admin@building.test',
      recordedAt: at,
    },
  },
  {
    type: 'PaymentReversed',
    data: {
      ...period,
      paymentId: uuid,
      amountPoisha: 1_000_000,
      reason: 'wrong flat',
      reversedBy: 'admin@building.test',
      reversedAt: at,
    },
  },
  {
    type: 'ChargePlanSet',
    data: {
      tariff: 'service',
      amountPoisha: null,
      byBlock: { A: 300_000, B: 250_000 },
      setBy: 'admin@building.test',
      setAt: at,
    },
  },
  {
    type: 'TariffSet',
    data: { tariff: 'gas', perUnitPoisha: 1_200, fixedPoisha: 0, setBy: 'admin@building.test', setAt: at },
  },
  {
    type: 'MeterRead',
    data: {
      si: 7,
      utility: 'electricity',
      reading: 1120,
      previous: 1000,
      readAt: at,
      month: 'March',
      year: 2026,
      chargeId: uuid,
      recordedBy: 'admin@building.test',
      recordedAt: at,
    },
  },
  {
    type: 'DepositOwed',
    data: {
      leaseId: uuid,
      si: 7,
      apartment: '3A01',
      email,
      name: 'Mina',
      months: 2,
      amountPoisha: 4_800_000,
      owedAt: at,
    },
  },
  {
    type: 'DepositPaid',
    data: {
      leaseId: uuid,
      si: 7,
      email,
      paymentId: uuid,
      method: 'cash',
      reference: 'R-17',
      amountPoisha: 4_800_000,
      recordedBy: 'admin@building.test',
      paidAt: at,
    },
  },
  {
    type: 'DepositSettled',
    data: {
      leaseId: uuid,
      si: 7,
      email,
      name: 'Mina',
      owedPoisha: 4_800_000,
      heldPoisha: 4_800_000,
      deductions: [{ reason: 'Broken window', amountPoisha: 500_000 }],
      returnedPoisha: 4_300_000,
      method: 'bank',
      reference: 'DBBL-2231',
      settledBy: 'admin@building.test',
      settledAt: at,
    },
  },
  {
    type: 'ExpenseRecorded',
    data: {
      expenseId: uuid,
      date: '2026-03-01',
      category: 'repairs',
      vendor: 'Karim Plumbing',
      amountPoisha: 350_050,
      description: 'Roof tank valve',
      receipt: '/images/receipt.png',
      paidFrom: 'cash',
      recurringId: null,
      recordedBy: 'admin@building.test',
      recordedAt: at,
    },
  },
  {
    type: 'ExpenseReversed',
    data: {
      expenseId: uuid,
      date: '2026-03-01',
      category: 'repairs',
      amountPoisha: 350_050,
      paidFrom: 'cash',
      reason: 'Entered twice',
      reversedBy: 'admin@building.test',
      reversedAt: at,
    },
  },
  {
    type: 'RecurringExpenseSet',
    data: {
      recurringId: uuid,
      category: 'salaries',
      vendor: 'Guards',
      amountPoisha: 2_400_000,
      description: "The guards' salaries",
      paidFrom: 'bank',
      dayOfMonth: 1,
      setBy: 'admin@building.test',
      setAt: at,
    },
  },
  {
    type: 'OpeningBalanceRecorded',
    data: { email, kind: 'arrears', amountPoisha: 1_250_050, asOf: '2026-10-31', note: '', recordedAt: at },
  },
  {
    type: 'RecurringExpenseStopped',
    data: { recurringId: uuid, stoppedBy: 'admin@building.test', stoppedAt: at },
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
    expect(streamOf(samples.find((e) => e.type === 'ChargeAdded')!)).toBe('payment-7-2026-march');
    expect(streamOf(samples.find((e) => e.type === 'MeterRead')!)).toBe('meter-7-electricity');
    expect(streamOf(samples.find((e) => e.type === 'TariffSet')!)).toBe('tariff-gas');
    expect(streamOf(samples.find((e) => e.type === 'DepositSettled')!)).toBe(`deposit-${uuid}`);
    expect(streamOf(samples.find((e) => e.type === 'ExpenseReversed')!)).toBe(`expense-${uuid}`);
    expect(streamOf(samples.find((e) => e.type === 'RecurringExpenseSet')!)).toBe(
      `expense-recurring-${uuid}`,
    );
  });

  it('says which decider records each type (accept promotes, demotion ends leases)', () => {
    expect(catalogue.MemberPromoted).toMatchObject({ category: 'user', owner: 'agreement' });
    expect(catalogue.LeaseEnded).toMatchObject({ category: 'agreement', owner: 'user' });
  });
});
