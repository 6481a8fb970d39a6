import type { EventData, Month } from '@building/events/catalogue';
import { monthIndexOf } from '@building/events/rent-ledger/building-calendar';
import { streams } from '@building/events/streams';
import { leaseOfMonth } from '@building/domain/account/apartment-leases';
import { monthBalance, openCharges, standingPayments } from '@building/domain/account/month-account';
import { ledgersAt, type LeaseLedger } from '@building/events/rent-ledger/lease-ledger';
import type { CouponLimits } from '@building/domain/coupon/coupon';
import { journalAt } from '@building/domain/books/journal';
import { trialBalanceOf, type TrialBalance } from '@building/events/books/trial-balance';
import type { Replay } from './state-at.ts';

/** Who holds an apartment, since when. */
export type Holding = Omit<EventData<'AgreementAccepted'>, 'requestId' | 'acceptedAt'> & { since: string };

/** A coupon's terms at the moment, its limits and the completed payments that used it. */
export type CouponStatus = EventData<'CouponAdded'> &
  CouponLimits & { uses: number; status: 'available' | 'unavailable' };

/** One payment attempt (one PaymentIntent) with the status it had reached. */
export interface PaymentAttempt {
  paymentIntentId: string;
  si: number;
  month: string;
  year: number;
  email: string;
  amountPoisha: number;
  couponCode: string | null;
  status: 'started' | 'paid' | 'failed' | 'refunded';
  transactionId: string | null;
  failure: string | null;
  /** A second charge's refund: its reason and id. */
  refund: string | null;
}

/** A lease's deposit as it stood: what it owed, what was paid, and its settlement if any. */
export interface DepositStatus {
  leaseId: string;
  si: number;
  email: string;
  owedPoisha: number;
  paidPoisha: number;
  status: 'owed' | 'part-paid' | 'paid' | 'settled';
  keptPoisha: number | null;
  returnedPoisha: number | null;
}

/** What the auditor reads off the replay: apartments held (by si), coupons (by id), payment attempts (by intent). */
export interface BuildingState {
  at: string;
  holders: Record<number, Holding>;
  coupons: Record<string, CouponStatus>;
  payments: Record<string, PaymentAttempt>;
  /** Every lease's rent ledger at the moment: the query-service's answer, from the log alone. */
  rentLedger: LeaseLedger[];
  /** Each month that holds money beside card rent, as the account's deciders count it. */
  accounts: MonthAccount[];
  /** The service plan and the tariffs in force, and each meter's last reading. */
  prices: {
    plan: EventData<'ChargePlanSet'> | null;
    tariffs: Array<EventData<'TariffSet'>>;
    meters: Array<EventData<'MeterRead'>>;
  };
  /** Each lease's deposit: owed, paid, settled. */
  deposits: DepositStatus[];
  /** The books at the moment: every account's debits, credits and balance (taka), from the journal. */
  trialBalance: TrialBalance;
  events: number;
  skipped: Replay['skipped'];
}

/** One month of an apartment's account: what it owes (rent, open charges, late fee) and what paid it. */
export interface MonthAccount {
  si: number;
  month: Month;
  year: number;
  email: string | null;
  rentPoisha: number;
  charges: Array<{ chargeId: string; kind: string; description: string; amountPoisha: number }>;
  lateFeePoisha: number;
  offline: Array<{ paymentId: string; method: string; reference: string; amountPoisha: number }>;
  owedPoisha: number;
  paidPoisha: number;
  remainingPoisha: number;
}

/** The months holding a charge, a late fee or an offline payment, with their balance at the moment. */
function monthAccounts(replay: Replay): MonthAccount[] {
  const accounts: MonthAccount[] = [];
  for (const state of Object.values(replay.months)) {
    const any = state.charges[0] ?? state.offline[0] ?? state.lateFee;
    if (!any) continue;
    const { si, month, year } = any;
    const lease = leaseOfMonth(replay.leases[streams.agreement(si)] ?? { leases: [] }, { month, year });
    const rentPoisha = lease?.rentPoisha ?? 0;
    accounts.push({
      si,
      month,
      year,
      email: lease?.email ?? null,
      rentPoisha,
      charges: openCharges(state).map(({ chargeId, kind, description, amountPoisha }) => ({
        ...{ chargeId, kind, description, amountPoisha },
      })),
      lateFeePoisha: state.lateFee?.amountPoisha ?? 0,
      offline: standingPayments(state).map(({ paymentId, method, reference, amountPoisha }) => ({
        ...{ paymentId, method, reference, amountPoisha },
      })),
      ...monthBalance(state, rentPoisha),
    });
  }
  return accounts.sort(
    (a, b) => a.year - b.year || monthIndexOf(a.month) - monthIndexOf(b.month) || a.si - b.si,
  );
}

export function buildingState(replay: Replay): BuildingState {
  const holders: Record<number, Holding> = {};
  for (const { lease } of Object.values(replay.agreements)) {
    if (!lease) continue;
    const { requestId: _requestId, acceptedAt, ...holding } = lease;
    holders[lease.si] = { ...holding, since: acceptedAt };
  }
  const coupons: Record<string, CouponStatus> = {};
  for (const coupon of Object.values(replay.coupons)) {
    if (coupon.status !== 'added') continue;
    const { status: _status, available, ...terms } = coupon;
    coupons[coupon.couponId] = { ...terms, status: available ? 'available' : 'unavailable' };
  }
  const { at, events, skipped } = replay;
  const rentLedger = ledgersAt(
    Object.values(replay.ledger.leases),
    Object.values(replay.ledger.settled),
    new Date(at),
  );
  const tariffs = Object.values(replay.tariffs);
  const prices = {
    plan: tariffs.find((t) => t.plan)?.plan ?? null,
    tariffs: tariffs.flatMap((t) => (t.tariff ? [t.tariff] : [])),
    meters: Object.values(replay.meters).flatMap((m) => (m.last ? [m.last] : [])),
  };
  return {
    at,
    holders,
    coupons,
    payments: paymentAttempts(replay),
    rentLedger,
    accounts: monthAccounts(replay),
    prices,
    deposits: depositsOf(replay),
    trialBalance: trialBalanceOf(journalAt(replay.books, new Date(at)).flatMap((e) => e.lines)),
    events,
    skipped,
  };
}

function depositsOf(replay: Replay): DepositStatus[] {
  return Object.values(replay.deposits).flatMap(({ owed, paidPoisha, settled }) => {
    if (!owed) return [];
    const status = settled
      ? 'settled'
      : paidPoisha >= owed.amountPoisha
        ? 'paid'
        : paidPoisha > 0
          ? 'part-paid'
          : 'owed';
    return [
      {
        leaseId: owed.leaseId,
        si: owed.si,
        email: owed.email,
        owedPoisha: owed.amountPoisha,
        paidPoisha,
        status,
        keptPoisha: settled ? settled.deductions.reduce((sum, d) => sum + d.amountPoisha, 0) : null,
        returnedPoisha: settled?.returnedPoisha ?? null,
      },
    ];
  });
}

/**
 * Started, then failed (a decline), then paid: a payment once paid stays paid whatever arrives later.
 * A second charge of a paid month shows as refunded, naming its refund.
 */
function paymentAttempts(replay: Replay): Record<string, PaymentAttempt> {
  const attempts: Record<string, PaymentAttempt> = {};
  for (const { started, failures, paid, refunds } of Object.values(replay.payments)) {
    for (const s of started) {
      const { rentPoisha: _rent, discount: _discount, ...facts } = s;
      attempts[s.paymentIntentId] = {
        ...facts,
        status: 'started',
        transactionId: null,
        failure: null,
        refund: null,
      };
    }
    for (const f of failures) {
      const before = attempts[f.paymentIntentId];
      attempts[f.paymentIntentId] = {
        paymentIntentId: f.paymentIntentId,
        ...{ si: f.si, month: f.month, year: f.year, email: f.email },
        amountPoisha: before?.amountPoisha ?? 0,
        couponCode: before?.couponCode ?? null,
        status: 'failed',
        transactionId: null,
        failure: `${f.code}: ${f.message}`,
        refund: null,
      };
    }
    if (paid) {
      const { paymentIntentId, si, month, year, email, amountPoisha, couponCode, transactionId } = paid;
      attempts[paymentIntentId] = {
        ...{ paymentIntentId, si, month, year, email, amountPoisha, couponCode, transactionId },
        status: 'paid',
        failure: null,
        refund: null,
      };
    }
    for (const r of refunds) {
      const before = attempts[r.paymentIntentId];
      attempts[r.paymentIntentId] = {
        paymentIntentId: r.paymentIntentId,
        ...{ si: r.si, month: r.month, year: r.year, email: r.email },
        amountPoisha: r.amountPoisha,
        couponCode: before?.couponCode ?? null,
        status: 'refunded',
        transactionId: null,
        failure: null,
        refund: `${r.reason}: ${r.refundId}`,
      };
    }
  }
  return attempts;
}
