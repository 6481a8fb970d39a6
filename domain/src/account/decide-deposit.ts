import type { DomainEvent, PaymentMethod } from '@building/events/catalogue';
import { refuse } from '@building/events/domain-error';
import {
  evolveApartmentLeases,
  initialApartmentLeases,
  latestLeaseOf,
  type ApartmentLease,
  type ApartmentLeasesState,
} from './apartment-leases.ts';
import { evolveDeposit, initialDepositState, type DepositState } from './deposit.ts';
import { assertAdmin, type Recorder } from './decide-offline-payment.ts';

/** Whose deposit: the lease holder's latest lease of the apartment. */
export interface DepositOf {
  si: number;
  email: string;
}

export interface Deduction {
  reason: string;
  amountPoisha: number;
}

export type DepositCommand =
  /**
   * Money towards the deposit: an admin records it offline, or the provider reports a card
   * payment (`by` is then the paying member or the system, and `paymentId` the intent).
   */
  | {
      type: 'PayDeposit';
      data: DepositOf & {
        paymentId: string;
        method: PaymentMethod;
        reference: string;
        amountPoisha: number;
        by: Recorder | 'system';
        at: Date;
      };
    }
  /** After the lease ended, an admin keeps the deductions and returns the rest, once. */
  | {
      type: 'SettleDeposit';
      data: DepositOf & {
        deductions: Deduction[];
        method: PaymentMethod;
        /** A card return's refund id, or the reference of the cash, bank or mobile-money return. */
        reference: string;
        by: Recorder;
        at: Date;
      };
    };

/** What a deposit decision reads: the apartment's leases and the lease's deposit stream. */
export interface DepositContext {
  leases: ApartmentLeasesState;
  deposit: DepositState;
}

const taka = (poisha: number) => (poisha / 100).toFixed(2);
const sameReference = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The months of rent a lease owes as its deposit, from the lease's rent. */
export const depositOwed = (rentPoisha: number, months: number) => rentPoisha * months;

/** What is still to pay towards the deposit. */
export const depositRemaining = (deposit: DepositState) =>
  Math.max(0, (deposit.owed?.amountPoisha ?? 0) - deposit.paidPoisha);

/** The part of the deposit paid by card: what a card return can refund through the provider. */
export const depositPaidByCard = (deposit: DepositState) =>
  deposit.payments.filter((p) => p.method === 'card').reduce((sum, p) => sum + p.amountPoisha, 0);

/** The lease whose deposit this is (the holder's latest of the apartment), or not found. */
export function depositLease(leases: ApartmentLeasesState, { si, email }: DepositOf): ApartmentLease {
  const lease = latestLeaseOf(leases, email);
  if (!lease) throw refuse('deposit-not-found', `${email} has no lease of apartment ${si}`);
  return lease;
}

/** The deposit's standing: owed and not settled, or refused. */
function openDeposit(deposit: DepositState, lease: ApartmentLease) {
  const owed = deposit.owed;
  if (!owed) throw refuse('deposit-not-found', `the lease of apartment ${lease.si} owes no deposit`);
  if (deposit.settled)
    throw refuse(
      'deposit-already-settled',
      `the deposit of apartment ${lease.si} was settled at ${deposit.settled.settledAt}`,
    );
  return owed;
}

export function decideDeposit(command: DepositCommand, { leases, deposit }: DepositContext): DomainEvent[] {
  switch (command.type) {
    case 'PayDeposit': {
      const d = command.data;
      if (d.method !== 'card' && d.by !== 'system') assertAdmin(d.by, 'record a deposit payment');
      // The same card intent, or the same desk reference, records once.
      if (deposit.payments.some((p) => p.paymentId === d.paymentId)) return [];
      if (d.method !== 'card' && deposit.payments.some((p) => sameReference(p.reference, d.reference)))
        return [];
      const lease = depositLease(leases, d);
      const owed = openDeposit(deposit, lease);
      const remaining = depositRemaining(deposit);
      if (remaining === 0)
        throw refuse('deposit-already-paid', `the deposit of apartment ${d.si} is paid in full`);
      if (d.amountPoisha > remaining)
        throw refuse(
          'payment-exceeds-owed',
          `the deposit of apartment ${d.si} still owes ${taka(remaining)} taka: ${taka(d.amountPoisha)} is more`,
          { facts: { owedPoisha: remaining } },
        );
      return [
        {
          type: 'DepositPaid',
          data: {
            leaseId: owed.leaseId,
            si: d.si,
            email: owed.email,
            paymentId: d.paymentId,
            method: d.method,
            reference: d.reference.trim(),
            amountPoisha: d.amountPoisha,
            recordedBy: d.by === 'system' ? owed.email : d.by.email,
            paidAt: d.at.toISOString(),
          },
        },
      ];
    }
    case 'SettleDeposit': {
      const d = command.data;
      assertAdmin(d.by, 'settle a deposit');
      const lease = depositLease(leases, d);
      const owed = openDeposit(deposit, lease);
      if (lease.endedAt === null)
        throw refuse('lease-still-active', `the lease of apartment ${d.si} by ${lease.email} has not ended`);
      const settlement = depositSettlement(deposit, d.deductions);
      if (d.method === 'card' && settlement.returnedPoisha > depositPaidByCard(deposit))
        throw refuse(
          'deposit-not-paid-by-card',
          `only ${taka(depositPaidByCard(deposit))} taka of the deposit was paid by card: return ${taka(settlement.returnedPoisha)} another way`,
        );
      return [
        {
          type: 'DepositSettled',
          data: {
            leaseId: owed.leaseId,
            si: d.si,
            email: owed.email,
            name: owed.name,
            owedPoisha: owed.amountPoisha,
            heldPoisha: deposit.paidPoisha,
            deductions: d.deductions,
            returnedPoisha: settlement.returnedPoisha,
            method: d.method,
            reference: d.reference.trim(),
            settledBy: d.by.email,
            settledAt: d.at.toISOString(),
          },
        },
      ];
    }
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
}

/** What a settlement keeps and returns of the deposit held; deductions above it are refused. */
export function depositSettlement(deposit: DepositState, deductions: readonly Deduction[]) {
  const keptPoisha = deductions.reduce((sum, x) => sum + x.amountPoisha, 0);
  if (keptPoisha > deposit.paidPoisha)
    throw refuse(
      'deductions-exceed-deposit',
      `the deductions come to ${taka(keptPoisha)} taka; the deposit held is ${taka(deposit.paidPoisha)}`,
      { facts: { heldPoisha: deposit.paidPoisha } },
    );
  return { keptPoisha, returnedPoisha: deposit.paidPoisha - keptPoisha };
}

/** Both streams folded at once (their event types are disjoint): the tests' given histories. */
export const depositContextAggregate = {
  initialState: (): DepositContext => ({ leases: initialApartmentLeases(), deposit: initialDepositState() }),
  evolve: (state: DepositContext, event: DomainEvent): DepositContext => ({
    leases: evolveApartmentLeases(state.leases, event),
    deposit: evolveDeposit(state.deposit, event),
  }),
};
