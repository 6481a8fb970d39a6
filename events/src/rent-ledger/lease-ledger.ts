import type { Month, OfflineMethod } from '../catalogue.ts';
import { countingCardPayments } from '../account/month-dues.ts';
import { buildingDay, monthName, monthOfOrdinal, monthOrdinal } from './building-calendar.ts';
import { dueOfMonth } from './lease-months.ts';

/** A lease as the ledger needs it: from its acceptance to its end (if it ended). */
export interface LedgerLease {
  leaseId: string;
  email: string;
  name: string;
  si: number;
  apartment: string;
  rentPoisha: number;
  startedAt: string;
  endedAt: string | null;
}

/**
 * What the payment stream of one apartment and month holds: every card payment, every refund made
 * at the provider of one, the charges (and their cancellations), the late fee, the offline payments
 * (and their reversals), each with its moment so a past date is answered as it was; its reminders.
 */
export interface SettledMonth {
  si: number;
  year: number;
  month: Month;
  payments: LedgerPayment[];
  refunds: LedgerRefund[];
  charges: LedgerCharge[];
  lateFees: LedgerLateFee[];
  offline: LedgerOfflinePayment[];
  reminders: Reminders;
}

export interface LedgerPayment {
  amountPoisha: number;
  /** What it settles of the month: its money and, on the rent, its coupon's discount (card-credit.ts). */
  creditPoisha: number;
  couponCode: string | null;
  paidAt: string;
  transactionId: string;
}

/** A charge on the month; `cancelledAt` once an admin took it back. */
export interface LedgerCharge {
  chargeId: string;
  description: string;
  amountPoisha: number;
  addedAt: string;
  cancelledAt: string | null;
}

export interface LedgerLateFee {
  amountPoisha: number;
  chargedAt: string;
}

/** Money paid at the desk, by bank or by mobile money; `reversedAt` once reversed. */
export interface LedgerOfflinePayment {
  paymentId: string;
  method: OfflineMethod;
  reference: string;
  amountPoisha: number;
  recordedAt: string;
  reversedAt: string | null;
}

/** Money of a payment (`transactionId`) given back at the provider. */
export interface LedgerRefund {
  amountPoisha: number;
  refundedAt: string;
  transactionId: string;
}

/** When each kind of reminder was issued for the month (null: not issued). */
export interface Reminders {
  due: string | null;
  overdue: string | null;
}

export type LedgerStatus = 'paid' | 'due' | 'overdue';

export interface LedgerMonth {
  year: number;
  month: Month;
  /** Paid only once all the month owes (rent, charges, late fee) is paid. */
  status: LedgerStatus;
  rentPoisha: number;
  /** The month's open charges, and its late fee. */
  chargesPoisha: number;
  lateFeePoisha: number;
  /** What card payments (less refunds at the provider) and standing offline payments settled. */
  paidPoisha: number;
  /** What is still owed for the month: what it owes in all, less what was paid of it. */
  owedPoisha: number;
  /** The charges open at the moment asked. */
  charges: Array<Omit<LedgerCharge, 'cancelledAt'>>;
  /** The offline payments standing at the moment asked, oldest first. */
  offlinePayments: Array<Omit<LedgerOfflinePayment, 'reversedAt'>>;
  /** The moment an unpaid month becomes overdue. */
  overdueFrom: string;
  /** The payment that settled the month (null: unpaid, or refunded in full). */
  paid: LedgerPayment | null;
  /** The month's other payments (of parts refunds gave back, or before a refund in full), oldest first. */
  otherPayments: LedgerPayment[];
  /** Refunds made at the provider of the month's payments, oldest first. */
  refunds: LedgerRefund[];
  reminders: Reminders;
}

export interface LeaseLedger {
  lease: LedgerLease;
  /** The lease had not ended at the ledger's moment. */
  active: boolean;
  months: LedgerMonth[];
  balancePoisha: number;
  overduePoisha: number;
}

export const settledMonthKey = (m: { si: number; year: number; month: string }) =>
  `${m.si}-${m.year}-${m.month.toLowerCase()}`;

export const unsettledMonth = (m: Pick<SettledMonth, 'si' | 'year' | 'month'>): SettledMonth => ({
  si: m.si,
  year: m.year,
  month: m.month,
  payments: [],
  refunds: [],
  charges: [],
  lateFees: [],
  offline: [],
  reminders: { due: null, overdue: null },
});

/**
 * The month's card money as it stood at `asOf` (only what happened by then counts), folded in time
 * order: the first payment settles the month; a refund takes from what the payments cover, and once
 * they cover nothing they count no more; a later payment covers what was given back.
 */
export function moneyAt(facts: SettledMonth | undefined, asOf: Date) {
  const by = (at: string) => new Date(at) <= asOf;
  const payments = (facts?.payments ?? []).filter((p) => by(p.paidAt));
  const refunds = (facts?.refunds ?? []).filter((r) => by(r.refundedAt));
  const moves = [
    ...payments.map((p) => ({ at: p.paidAt, move: { payment: p } })),
    ...refunds.map((r) => ({ at: r.refundedAt, move: { refund: r } })),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || ('payment' in a.move ? -1 : 1));
  const counting = countingCardPayments<LedgerPayment>(moves.map((m) => m.move));
  const paid = counting.payments[0] ?? null;
  const creditPoisha =
    counting.payments.reduce((sum, p) => sum + p.creditPoisha, 0) - counting.refundedPoisha;
  return { paid, creditPoisha, otherPayments: payments.filter((p) => p !== paid), refunds };
}

/** The month's open charges, late fee and standing offline payments at `asOf`. */
function monthAccountAt(facts: SettledMonth | undefined, asOf: Date) {
  const by = (at: string | null) => at !== null && new Date(at) <= asOf;
  const charges = (facts?.charges ?? [])
    .filter((c) => by(c.addedAt) && !by(c.cancelledAt))
    .map(({ cancelledAt: _cancelled, ...c }) => c);
  const offline = (facts?.offline ?? [])
    .filter((p) => by(p.recordedAt) && !by(p.reversedAt))
    .map(({ reversedAt: _reversed, ...p }) => p);
  const lateFeePoisha = total((facts?.lateFees ?? []).filter((f) => by(f.chargedAt)));
  return { charges, offline, lateFeePoisha };
}

const total = (rows: ReadonlyArray<{ amountPoisha: number }>) =>
  rows.reduce((sum, r) => sum + r.amountPoisha, 0);

/**
 * A lease's ledger at `asOf`: a row per month from the month it was accepted to the month it ended
 * (or `asOf`'s month), in Dhaka time, each due as lease-months.ts says and owing its rent, charges
 * and late fee; a payment, a refund, a charge or a reminder counts only if it happened by `asOf`, so
 * the same function answers the ledger at a past moment. Null when the lease had not begun by then.
 */
export function leaseLedger(
  lease: LedgerLease,
  settled: ReadonlyMap<string, SettledMonth>,
  asOf: Date,
): LeaseLedger | null {
  const started = new Date(lease.startedAt);
  if (started > asOf) return null;
  const ended = lease.endedAt && new Date(lease.endedAt) <= asOf ? new Date(lease.endedAt) : null;
  const first = buildingDay(started);
  const last = buildingDay(ended ?? asOf);
  const months: LedgerMonth[] = [];
  for (let n = monthOrdinal(first); n <= monthOrdinal(last); n++) {
    const calendar = monthOfOrdinal(n);
    const month = monthName(calendar);
    const facts = settled.get(settledMonthKey({ si: lease.si, year: calendar.year, month }));
    const happened = (at: string | null | undefined) => (at && new Date(at) <= asOf ? at : null);
    const { paid, creditPoisha, otherPayments, refunds } = moneyAt(facts, asOf);
    const { charges, offline, lateFeePoisha } = monthAccountAt(facts, asOf);
    const chargesPoisha = total(charges);
    const paidPoisha = creditPoisha + total(offline);
    const owedPoisha = Math.max(0, lease.rentPoisha + chargesPoisha + lateFeePoisha - paidPoisha);
    const { overdueFrom } = dueOfMonth(lease, calendar);
    const status: LedgerStatus = owedPoisha === 0 ? 'paid' : asOf >= overdueFrom ? 'overdue' : 'due';
    months.push({
      year: calendar.year,
      month,
      status,
      rentPoisha: lease.rentPoisha,
      chargesPoisha,
      lateFeePoisha,
      paidPoisha,
      owedPoisha,
      charges,
      offlinePayments: offline,
      overdueFrom: overdueFrom.toISOString(),
      paid,
      otherPayments,
      refunds,
      reminders: { due: happened(facts?.reminders.due), overdue: happened(facts?.reminders.overdue) },
    });
  }
  const owed = (rows: LedgerMonth[]) => rows.reduce((sum, m) => sum + m.owedPoisha, 0);
  return {
    lease,
    active: ended === null,
    months,
    balancePoisha: owed(months),
    overduePoisha: owed(months.filter((m) => m.status === 'overdue')),
  };
}

/** Every lease's ledger at `asOf` (leases not yet begun left out), oldest lease first. */
export function ledgersAt(
  leases: readonly LedgerLease[],
  settled: readonly SettledMonth[],
  asOf: Date,
): LeaseLedger[] {
  const byKey = new Map(settled.map((m) => [settledMonthKey(m), m]));
  return [...leases]
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.si - b.si)
    .map((lease) => leaseLedger(lease, byKey, asOf))
    .filter((ledger) => ledger !== null);
}
