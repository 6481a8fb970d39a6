import { describe, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { mina, minaLeased, minasLeaseId } from '../testing/account-fixtures.ts';
import { specFor } from '../testing/given-when-then.ts';
import {
  decideDeposit,
  depositContextAggregate,
  type DepositCommand,
  type DepositContext,
} from './decide-deposit.ts';

const given = specFor<DepositCommand, DepositContext>({ ...depositContextAggregate, decide: decideDeposit });

const desk = 'admin@building.test';
const admin = { email: desk, role: 'admin' };
const leaseId = minasLeaseId;
const at = new Date('2027-01-12T05:00:00Z');
const Leased = minaLeased;
// Two months of 24,000 taka, due at acceptance.
const Owed: DomainEvent = {
  type: 'DepositOwed',
  data: {
    leaseId,
    si: 7,
    apartment: '3A01',
    email: mina,
    name: 'Mina',
    months: 2,
    amountPoisha: 4_800_000,
    owedAt: '2026-11-26T04:00:00Z',
  },
};
const Ended: DomainEvent = {
  type: 'LeaseEnded',
  data: { si: 7, userEmail: mina, endedAt: '2027-01-10T04:00:00Z', reason: 'member-demoted' },
};

const pay = (
  amountPoisha: number,
  more: Partial<Extract<DepositCommand, { type: 'PayDeposit' }>['data']> = {},
) =>
  ({
    type: 'PayDeposit',
    data: {
      si: 7,
      email: mina,
      paymentId: 'pay-1',
      method: 'bank',
      reference: 'BRAC-0042',
      amountPoisha,
      by: admin,
      at,
      ...more,
    },
  }) as DepositCommand;
const paid = (
  amountPoisha: number,
  method = 'bank',
  paymentId = 'pay-1',
  reference = 'BRAC-0042',
): DomainEvent =>
  ({
    type: 'DepositPaid',
    data: {
      leaseId,
      si: 7,
      email: mina,
      paymentId,
      method,
      reference,
      amountPoisha,
      recordedBy: method === 'card' ? mina : desk,
      paidAt: at.toISOString(),
    },
  }) as DomainEvent;
const settle = (
  deductions: { reason: string; amountPoisha: number }[],
  more: Partial<Extract<DepositCommand, { type: 'SettleDeposit' }>['data']> = {},
) =>
  ({
    type: 'SettleDeposit',
    data: { si: 7, email: mina, deductions, method: 'cash', reference: 'DESK-17', by: admin, at, ...more },
  }) as DepositCommand;
const settled = (
  deductions: { reason: string; amountPoisha: number }[],
  heldPoisha: number,
  returnedPoisha: number,
  method = 'cash',
  reference = 'DESK-17',
): DomainEvent =>
  ({
    type: 'DepositSettled',
    data: {
      leaseId,
      si: 7,
      email: mina,
      name: 'Mina',
      owedPoisha: 4_800_000,
      heldPoisha,
      deductions,
      returnedPoisha,
      method,
      reference,
      settledBy: desk,
      settledAt: at.toISOString(),
    },
  }) as DomainEvent;
const window = [{ reason: 'Broken window', amountPoisha: 500_000 }];

describe('paying a deposit', () => {
  it('records part of it, offline, by an admin', () =>
    given(Leased, Owed).when(pay(2_000_000)).then(paid(2_000_000)));
  it('records a card payment the provider reports, by the member or by the system', () => {
    const card = { method: 'card' as const, paymentId: 'pi_1', reference: 'pi_1' };
    given(Leased, Owed)
      .when(pay(4_800_000, { ...card, by: { email: mina, role: 'member' } }))
      .then(paid(4_800_000, 'card', 'pi_1', 'pi_1'));
    given(Leased, Owed)
      .when(pay(4_800_000, { ...card, by: 'system' }))
      .then(paid(4_800_000, 'card', 'pi_1', 'pi_1'));
  });
  it('records the same payment or desk reference once', () => {
    given(Leased, Owed, paid(2_000_000)).when(pay(2_000_000)).thenNothing();
    given(Leased, Owed, paid(2_000_000))
      .when(pay(2_000_000, { paymentId: 'pay-2', reference: ' brac-0042 ' }))
      .thenNothing();
  });
  it('refuses more than the deposit still owes, and a deposit paid in full', () => {
    given(Leased, Owed, paid(2_000_000))
      .when(pay(3_000_000, { paymentId: 'pay-2', reference: 'BRAC-0043' }))
      .thenFails('payment-exceeds-owed', /28000\.00 taka/);
    given(Leased, Owed, paid(4_800_000))
      .when(pay(100, { paymentId: 'pay-2', reference: 'BRAC-0043' }))
      .thenFails('deposit-already-paid');
  });
  it('only an admin records money received offline', () =>
    given(Leased, Owed)
      .when(pay(100, { by: { email: mina, role: 'member' } }))
      .thenFails('admin-only'));
  it('refuses a lease that owes no deposit, someone with no lease, and a settled deposit', () => {
    given(Leased).when(pay(100)).thenFails('deposit-not-found');
    given(Leased, Owed)
      .when(pay(100, { email: 'tania@building.test' }))
      .thenFails('deposit-not-found');
    given(Leased, Owed, paid(100), Ended, settled([], 100, 100))
      .when(pay(100, { paymentId: 'pay-2', reference: 'BRAC-0043' }))
      .thenFails('deposit-already-settled');
  });
});

describe('settling a deposit', () => {
  const held = [Leased, Owed, paid(4_800_000)];
  it('keeps the deductions and returns the rest once the lease ended', () =>
    given(...held, Ended)
      .when(settle(window))
      .then(settled(window, 4_800_000, 4_300_000)));
  it('returns all of it without deductions, and only what was paid of it', () => {
    given(...held, Ended)
      .when(settle([]))
      .then(settled([], 4_800_000, 4_800_000));
    given(Leased, Owed, paid(1_000_000), Ended)
      .when(settle(window))
      .then(settled(window, 1_000_000, 500_000));
  });
  it('refuses while the lease runs', () =>
    given(...held)
      .when(settle(window))
      .thenFails('lease-still-active'));
  it('is settled once', () =>
    given(...held, Ended, settled(window, 4_800_000, 4_300_000))
      .when(settle([]))
      .thenFails('deposit-already-settled'));
  it('refuses deductions above the deposit held', () =>
    given(Leased, Owed, paid(400_000), Ended)
      .when(settle(window))
      .thenFails('deductions-exceed-deposit', /5000\.00 taka.*4000\.00/));
  it('returns by card only what was paid by card', () => {
    given(Leased, Owed, paid(4_800_000, 'card', 'pi_1', 'pi_1'), Ended)
      .when(settle(window, { method: 'card', reference: 're_1' }))
      .then(settled(window, 4_800_000, 4_300_000, 'card', 're_1'));
    given(...held, Ended)
      .when(settle(window, { method: 'card', reference: 're_1' }))
      .thenFails('deposit-not-paid-by-card');
  });
  it('only an admin settles', () =>
    given(...held, Ended)
      .when(settle(window, { by: { email: mina, role: 'member' } }))
      .thenFails('admin-only'));
  it('refuses a lease without a deposit', () =>
    given(Leased, Ended).when(settle([])).thenFails('deposit-not-found'));
});
