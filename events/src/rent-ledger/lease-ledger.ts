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

/** What the payment stream of one apartment and month settled: its payment and its reminders. */
export interface SettledMonth {
  si: number;
  year: number;
  month: Month;
  paid: LedgerPayment | null;
  reminders: Reminders;
}

export interface LedgerPayment {
  amountPoisha: number;
  couponCode: string | null;
  paidAt: string;
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
  /** What is still owed for the month: the rent while unpaid, 0 once paid. */
  owedPoisha: number;
  /** The moment an unpaid month becomes overdue. */
  overdueFrom: string;
  paid: LedgerPayment | null;
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

/**
 * A lease's ledger at `asOf`: a row per month from the month it was accepted to the month it ended
 * (or `asOf`'s month), in Dhaka time, each due as lease-months.ts says; a payment or a reminder counts only
 * if it happened by `asOf`, so the same function answers the ledger at a past moment. Null when
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
    const paid = facts?.paid && happened(facts.paid.paidAt) ? facts.paid : null;
    const { overdueFrom } = dueOfMonth(lease, calendar);
    const status: LedgerStatus = paid ? 'paid' : asOf >= overdueFrom ? 'overdue' : 'due';
    months.push({
      year: calendar.year,
      month,
      status,
      rentPoisha: lease.rentPoisha,
      owedPoisha: paid ? 0 : lease.rentPoisha,
      overdueFrom: overdueFrom.toISOString(),
      paid,
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
