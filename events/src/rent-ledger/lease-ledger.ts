import type { Month } from '../catalogue.ts';
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
 * What the payment stream of one apartment and month settled: every payment, every refund made at
 * the provider of one (each with its moment, so a past date is answered as it was), its reminders.
 */
export interface SettledMonth {
  si: number;
  year: number;
  month: Month;
  payments: LedgerPayment[];
  refunds: LedgerRefund[];
  reminders: Reminders;
}

export interface LedgerPayment {
  amountPoisha: number;
  couponCode: string | null;
  paidAt: string;
  transactionId: string;
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
  status: LedgerStatus;
  rentPoisha: number;
  /**
   * What is still owed for the month: the rent while unpaid, 0 once paid, and what refunds at the
   * provider gave back of a paid month until it is paid again.
   */
  owedPoisha: number;
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
  reminders: { due: null, overdue: null },
});

/**
 * The month's money as it stood at `asOf` (only what happened by then counts), folded in time order:
 * the first payment settles the month at its amount; a refund takes from what the payments cover,
 * and once they cover nothing the month is unpaid again; a later payment covers what was given back.
 */
export function moneyAt(facts: SettledMonth | undefined, asOf: Date) {
  const by = (at: string) => new Date(at) <= asOf;
  const payments = (facts?.payments ?? []).filter((p) => by(p.paidAt));
  const refunds = (facts?.refunds ?? []).filter((r) => by(r.refundedAt));
  const moves = [
    ...payments.map((p) => ({ at: p.paidAt, payment: p, refund: null })),
    ...refunds.map((r) => ({ at: r.refundedAt, payment: null, refund: r })),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || (a.payment ? -1 : 1));
  let paid: LedgerPayment | null = null;
  let covered = 0;
  for (const move of moves) {
    if (move.payment) {
      if (paid) covered += move.payment.amountPoisha;
      else [paid, covered] = [move.payment, move.payment.amountPoisha];
    } else if (paid) {
      covered -= move.refund!.amountPoisha;
      if (covered <= 0) [paid, covered] = [null, 0];
    }
  }
  const owedAgain = paid ? Math.max(0, paid.amountPoisha - covered) : null;
  return { paid, owedAgain, otherPayments: payments.filter((p) => p !== paid), refunds };
}

/**
 * A lease's ledger at `asOf`: a row per month from the month it was accepted to the month it ended
 * (or `asOf`'s month), in Dhaka time, each due as lease-months.ts says; a payment, a refund or a
 * reminder counts only if it happened by `asOf`, so the same function answers the ledger at a past moment. Null when
 * the lease had not begun by then.
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
    const { paid, owedAgain, otherPayments, refunds } = moneyAt(facts, asOf);
    const owedPoisha = owedAgain ?? lease.rentPoisha;
    const { overdueFrom } = dueOfMonth(lease, calendar);
    const status: LedgerStatus = owedPoisha === 0 ? 'paid' : asOf >= overdueFrom ? 'overdue' : 'due';
    months.push({
      year: calendar.year,
      month,
      status,
      rentPoisha: lease.rentPoisha,
      owedPoisha,
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
