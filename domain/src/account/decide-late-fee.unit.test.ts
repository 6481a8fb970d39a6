import { describe, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { mina, minaLeased, minasLeaseId } from '../testing/account-fixtures.ts';
import { specFor } from '../testing/given-when-then.ts';
import { decideLateFee, type ChargeLateFeeCommand } from './decide-late-fee.ts';
import { offlinePaymentContextAggregate, type AccountMonth } from './decide-offline-payment.ts';

const given = specFor({ ...offlinePaymentContextAggregate, decide: decideLateFee });
const leaseId = minasLeaseId;
const december = { si: 7, month: 'December', year: 2026 } as const;
const account = { ...december, apartment: '3A01', email: mina, name: 'Mina', leaseId };

// Rent 24,000 taka. December is overdue from 6 December, 00:00 Dhaka.
const Leased = minaLeased;
const overdue = new Date('2026-12-05T18:00:00Z');
const charge = (percent: number, at = overdue, month: AccountMonth = december): ChargeLateFeeCommand => ({
  type: 'ChargeLateFee',
  data: { ...month, percent, at },
});
const charged = (unpaidRentPoisha: number, amountPoisha: number): DomainEvent => ({
  type: 'LateFeeCharged',
  data: { ...account, percent: 5, unpaidRentPoisha, amountPoisha, chargedAt: overdue.toISOString() },
});
const paidOffline = (amountPoisha: number): DomainEvent => ({
  type: 'OfflinePaymentRecorded',
  data: {
    ...account,
    paymentId: '11111111-1111-4111-8111-111111111111',
    method: 'cash',
    reference: 'DESK-1',
    amountPoisha,
    recordedBy: 'desk@building.test',
    recordedAt: '2026-12-03T05:00:00Z',
  },
});

describe('rule: a late fee is a percent of the month’s rent unpaid after its due day, once', () => {
  it('charges the percent of the whole rent when nothing was paid', () =>
    given(Leased).when(charge(5)).then(charged(2_400_000, 120_000)));
  it('charges the percent of what an offline payment left of the rent', () =>
    given(Leased, paidOffline(1_000_000)).when(charge(5)).then(charged(1_400_000, 70_000)));
  it('charges nothing when the rent was paid', () =>
    given(Leased, paidOffline(2_400_000)).when(charge(5)).thenNothing());
  it('charges nothing on the due day itself (Dhaka time)', () =>
    given(Leased)
      .when(charge(5, new Date('2026-12-05T17:59:59Z')))
      .thenNothing());
  it('charges nothing when late fees are off (0 percent)', () => given(Leased).when(charge(0)).thenNothing());
  it('refuses a second late fee (a second scheduler replica)', () =>
    given(Leased, charged(2_400_000, 120_000)).when(charge(5)).thenFails('late-fee-already-charged'));
  it('waits 5 days after acceptance in the lease’s first month', () =>
    given(Leased)
      .when(charge(5, new Date('2026-11-30T17:59:59Z'), { ...december, month: 'November' }))
      .thenNothing());
  it('refuses a month nobody leases', () =>
    given(Leased)
      .when(charge(5, overdue, { ...december, month: 'October' }))
      .thenFails('apartment-not-leased'));
});
