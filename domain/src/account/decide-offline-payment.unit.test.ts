import { describe, it } from 'vitest';
import type { DomainEvent, EventData } from '@building/events/catalogue';
import { mina, minaLeased, minasFlat, minasLeaseId } from '../testing/account-fixtures.ts';
import { specFor } from '../testing/given-when-then.ts';
import {
  decideOfflinePayment,
  offlinePaymentContextAggregate,
  type OfflinePaymentCommand,
  type OfflinePaymentContext,
} from './decide-offline-payment.ts';

const given = specFor<OfflinePaymentCommand, OfflinePaymentContext>({
  ...offlinePaymentContextAggregate,
  decide: decideOfflinePayment,
});

const desk = 'admin@building.test';
const admin = { email: desk, role: 'admin' };
const leaseId = minasLeaseId;
const at = new Date('2026-12-03T05:00:00Z');
const terms = minasFlat;
const Leased = minaLeased;
const Ended: DomainEvent = {
  type: 'LeaseEnded',
  data: { si: 7, userEmail: mina, endedAt: '2027-01-10T04:00:00Z', reason: 'member-demoted' },
};
/** An event of another month than December's. */
const inMonth = (event: DomainEvent, m: { month: string; year: number }) =>
  ({ ...event, data: { ...event.data, ...m } }) as DomainEvent;

const december = { si: 7, month: 'December', year: 2026 } as const;
const record = (
  amountPoisha: number,
  reference = 'TXN8H2K',
  more: Partial<OfflinePaymentCommand['data']> = {},
) =>
  ({
    type: 'RecordOfflinePayment',
    data: {
      ...december,
      paymentId: '11111111-1111-4111-8111-111111111111',
      email: mina,
      method: 'bkash',
      reference,
      amountPoisha,
      by: admin,
      at,
      ...more,
    },
  }) as OfflinePaymentCommand;
const recorded = (
  amountPoisha: number,
  reference = 'TXN8H2K',
  paymentId = '11111111-1111-4111-8111-111111111111',
): DomainEvent => ({
  type: 'OfflinePaymentRecorded',
  data: {
    ...december,
    apartment: '3A01',
    email: mina,
    name: 'Mina',
    leaseId,
    paymentId,
    method: 'bkash',
    reference,
    amountPoisha,
    recordedBy: desk,
    recordedAt: at.toISOString(),
  },
});
const serviceCharge: EventData<'ChargeAdded'> = {
  ...december,
  apartment: '3A01',
  email: mina,
  name: 'Mina',
  leaseId,
  chargeId: '22222222-2222-4222-8222-222222222222',
  block: 'A',
  kind: 'service',
  amountPoisha: 300_000,
  description: 'Service charge',
  origin: 'plan',
  addedBy: 'scheduler',
  addedAt: '2026-11-30T18:05:00.000Z',
};
const reverse = (paymentId = '11111111-1111-4111-8111-111111111111'): OfflinePaymentCommand => ({
  type: 'ReversePayment',
  data: { ...december, paymentId, reason: 'Recorded on the wrong flat', by: admin, at },
});

describe('rule: an offline payment pays what the month owes, in part or in full', () => {
  it('records a bKash payment for part of the month, for the lease holder', () =>
    given(Leased).when(record(1_000_000)).then(recorded(1_000_000)));
  it('records the rest of the month', () =>
    given(Leased, recorded(1_000_000)).when(record(1_400_000, 'TXN9')).then(recorded(1_400_000, 'TXN9')));
  it('counts the month’s charges in what it owes', () =>
    given(Leased, { type: 'ChargeAdded', data: serviceCharge })
      .when(record(2_700_000))
      .then(recorded(2_700_000)));
  it('refuses more than the month still owes, saying how much that is', () =>
    given(Leased, recorded(1_000_000))
      .when(record(1_400_001, 'TXN9'))
      .thenFails('payment-exceeds-owed', /owes 14000\.00 taka for December 2026/));
  it('refuses anything once a card paid the month', () =>
    given(Leased, {
      type: 'RentPaid',
      data: {
        ...terms,
        ...december,
        paymentIntentId: 'pi_1',
        transactionId: 'pi_1',
        email: mina,
        name: 'Mina',
        rentPoisha: 2_400_000,
        discount: 0,
        couponCode: null,
        amountPoisha: 2_400_000,
        paidAt: '2026-12-02T00:00:00Z',
      },
    })
      .when(record(100))
      .thenFails('payment-exceeds-owed'));
});

describe('rule: only an admin records or reverses money', () => {
  it('refuses a member recording their own payment', () =>
    given(Leased)
      .when(record(100, 'R1', { by: { email: mina, role: 'member' } }))
      .thenFails('admin-only'));
});

describe('rule: the same reference twice records once', () => {
  it('records nothing for a reference the month already holds, whatever its case', () =>
    given(Leased, recorded(1_000_000)).when(record(1_000_000, ' txn8h2k ')).thenNothing());
  it('records a reference again once its payment was reversed', () =>
    given(Leased, recorded(1_000_000), {
      type: 'PaymentReversed',
      data: {
        ...december,
        paymentId: '11111111-1111-4111-8111-111111111111',
        email: mina,
        amountPoisha: 1_000_000,
        reason: 'wrong amount',
        reversedBy: desk,
        reversedAt: at.toISOString(),
      },
    })
      .when(record(1_200_000, 'TXN8H2K', { paymentId: '33333333-3333-4333-8333-333333333333' }))
      .then(recorded(1_200_000, 'TXN8H2K', '33333333-3333-4333-8333-333333333333')));
});

describe('rule: money is for a month of the payer’s lease', () => {
  it('refuses a month before the lease', () =>
    given(Leased)
      .when(record(100, 'R1', { month: 'October' }))
      .thenFails(
        'month-outside-lease',
        /October 2026 is outside the lease of apartment 7 \(from November 2026\)/,
      ));
  it('refuses a month after the lease ended', () =>
    given(Leased, Ended)
      .when(record(100, 'R1', { month: 'February', year: 2027 }))
      .thenFails('month-outside-lease', /to January 2027/));
  // `at` is 3 December 2026: December 2027 is the last month that may be paid ahead.
  it('takes a payment 12 months ahead', () =>
    given(Leased)
      .when(record(100, 'R1', { month: 'December', year: 2027 }))
      .then(inMonth(recorded(100, 'R1'), { month: 'December', year: 2027 })));
  it('refuses a payment more than 12 months ahead', () =>
    given(Leased)
      .when(record(100, 'R1', { month: 'January', year: 2028 }))
      .thenFails('month-too-far-ahead', /January 2028 is 13 months ahead/));
  it('takes a former member’s payment for a month of their ended lease', () =>
    given(Leased, Ended).when(record(1_000_000)).then(recorded(1_000_000)));
  it('refuses someone who never leased the apartment', () =>
    given(Leased)
      .when(record(100, 'R1', { email: 'rafi@building.test' }))
      .thenFails('apartment-not-leased', /rafi@building.test has no lease of apartment 7/));
});

describe('rule: a payment recorded in error is reversed once, with a reason', () => {
  const Reversed: DomainEvent = {
    type: 'PaymentReversed',
    data: {
      ...december,
      paymentId: '11111111-1111-4111-8111-111111111111',
      email: mina,
      amountPoisha: 1_000_000,
      method: 'bkash',
      reason: 'Recorded on the wrong flat',
      reversedBy: desk,
      reversedAt: at.toISOString(),
    },
  };
  it('reverses it: what it paid is owed again', () =>
    given(Leased, recorded(1_000_000)).when(reverse()).then(Reversed));
  it('refuses a second reversal', () =>
    given(Leased, recorded(1_000_000), Reversed).when(reverse()).thenFails('payment-already-reversed'));
  it('refuses a payment the month does not hold', () =>
    given(Leased).when(reverse()).thenFails('offline-payment-not-found'));
  it('owes the reversed amount again', () =>
    given(Leased, recorded(2_400_000), Reversed)
      .when(record(2_400_000, 'CASH-1'))
      .then(recorded(2_400_000, 'CASH-1')));
});
