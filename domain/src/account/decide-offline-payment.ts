import type { DomainEvent, Month, OfflineMethod } from '@building/events/catalogue';
import { refuse } from '@building/events/domain-error';
import { assertMonthOfLease, assertWithinPayAhead } from '@building/events/rent-ledger/lease-months';
import {
  evolveApartmentLeases,
  initialApartmentLeases,
  latestLeaseOf,
  leaseOfMonth,
  type ApartmentLease,
  type ApartmentLeasesState,
} from './apartment-leases.ts';
import {
  evolveMonthAccount,
  initialMonthAccount,
  monthBalance,
  type MonthAccountState,
} from './month-account.ts';
import { undoneMoneyOf } from './undone-money.ts';

export interface AccountMonth {
  si: number;
  month: Month;
  year: number;
}

/** Who records money: an admin (the role as the caller's user stream gives it). */
export interface Recorder {
  email: string;
  role: string;
}

/** Only an admin records or reverses money and charges. */
export function assertAdmin(by: Recorder, what: string): void {
  if (by.role !== 'admin') throw refuse('admin-only', `only an admin may ${what}`);
}

export type OfflinePaymentCommand =
  /** An admin records money for a month received at the desk, by bank or by mobile money. */
  | {
      type: 'RecordOfflinePayment';
      data: AccountMonth & {
        paymentId: string;
        email: string;
        method: OfflineMethod;
        reference: string;
        amountPoisha: number;
        by: Recorder;
        at: Date;
      };
    }
  /** An admin undoes an offline payment recorded in error. */
  | {
      type: 'ReversePayment';
      data: AccountMonth & { paymentId: string; reason: string; by: Recorder; at: Date };
    };

/** What an offline-payment decision reads: the apartment's leases and the month's money. */
export interface OfflinePaymentContext {
  leases: ApartmentLeasesState;
  month: MonthAccountState;
}

const sameReference = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const taka = (poisha: number) => (poisha / 100).toFixed(2);

/** The standing payment of the month with this reference, if any: the same reference records once. */
export const paymentWithReference = (month: MonthAccountState, reference: string) =>
  month.offline.find((p) => !p.reversed && sameReference(p.reference, reference));

/**
 * The lease a month's money is owed by: the named holder's lease covering the month. A month before
 * (or after) their lease is refused as outside it; someone who never leased the apartment as not leased.
 */
export function holderLease(
  leases: ApartmentLeasesState,
  m: AccountMonth,
  email: string,
  what: string,
): ApartmentLease {
  const lease = leaseOfMonth(leases, m, email);
  if (lease) return lease;
  const theirs = latestLeaseOf(leases, email);
  if (theirs) assertMonthOfLease(theirs, m, what);
  throw refuse('apartment-not-leased', `${email} has no lease of apartment ${m.si} in ${m.month} ${m.year}`);
}

export function decideOfflinePayment(
  command: OfflinePaymentCommand,
  { leases, month }: OfflinePaymentContext,
): DomainEvent[] {
  switch (command.type) {
    case 'RecordOfflinePayment': {
      const d = command.data;
      assertAdmin(d.by, 'record a payment');
      if (paymentWithReference(month, d.reference)) return [];
      const lease = holderLease(leases, d, d.email, 'a payment');
      assertWithinPayAhead(d, d.at, 'a payment');
      const { remainingPoisha } = monthBalance(month, lease.rentPoisha);
      if (d.amountPoisha > remainingPoisha)
        throw refuse(
          'payment-exceeds-owed',
          `apartment ${d.si} owes ${taka(remainingPoisha)} taka for ${d.month} ${d.year}: ${taka(d.amountPoisha)} is more`,
          { facts: { owedPoisha: remainingPoisha } },
        );
      return [
        {
          type: 'OfflinePaymentRecorded',
          data: {
            si: d.si,
            apartment: lease.apartment,
            month: d.month,
            year: d.year,
            email: lease.email,
            name: lease.name,
            leaseId: lease.leaseId,
            paymentId: d.paymentId,
            method: d.method,
            reference: d.reference.trim(),
            amountPoisha: d.amountPoisha,
            recordedBy: d.by.email,
            recordedAt: d.at.toISOString(),
          },
        },
      ];
    }
    case 'ReversePayment': {
      const d = command.data;
      assertAdmin(d.by, 'reverse a payment');
      const payment = month.offline.find((p) => p.paymentId === d.paymentId);
      if (!payment)
        throw refuse(
          'offline-payment-not-found',
          `no offline payment ${d.paymentId} for apartment ${d.si} in ${d.month} ${d.year}`,
        );
      if (payment.reversed)
        throw refuse(
          'payment-already-reversed',
          `payment ${d.paymentId} was reversed at ${payment.reversed.reversedAt}`,
        );
      return [
        {
          type: 'PaymentReversed',
          data: {
            paymentId: d.paymentId,
            ...undoneMoneyOf(d, payment),
            method: payment.method,
            reversedBy: d.by.email,
            reversedAt: d.at.toISOString(),
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

/** Both streams folded at once (their event types are disjoint): the tests' given histories. */
export const offlinePaymentContextAggregate = {
  initialState: (): OfflinePaymentContext => ({
    leases: initialApartmentLeases(),
    month: initialMonthAccount(),
  }),
  evolve: (state: OfflinePaymentContext, event: DomainEvent): OfflinePaymentContext => ({
    leases: evolveApartmentLeases(state.leases, event),
    month: evolveMonthAccount(state.month, event),
  }),
};
