import type { Month } from '../catalogue.ts';
import type { AccountResponse, StoredAccountLine } from '../read-models/account.ts';
import { monthName, monthOfOrdinal, monthOrdinal } from '../rent-ledger/building-calendar.ts';
import { firstMonthOf, lastMonthOf } from '../rent-ledger/lease-months.ts';
import type { LedgerLease } from '../rent-ledger/lease-ledger.ts';
import { buildingDay, startOfBuildingDay } from '../rent-ledger/building-calendar.ts';

const toTaka = (poisha: number) => poisha / 100;

/** The rent each month of a lease owes, as lines dated the day it falls due (the 1st, or acceptance). */
export function rentLines(lease: LedgerLease, at: Date): StoredAccountLine[] {
  const first = firstMonthOf(lease);
  const ended = lease.endedAt && new Date(lease.endedAt) <= at ? lastMonthOf(lease) : null;
  const last = ended ?? buildingDay(at);
  const lines: StoredAccountLine[] = [];
  for (let n = monthOrdinal(first); n <= monthOrdinal(last); n++) {
    const m = monthOfOrdinal(n);
    const date =
      n === monthOrdinal(first) ? lease.startedAt : startOfBuildingDay(m.year, m.index, 1).toISOString();
    if (new Date(date) > at) continue;
    lines.push({
      id: `rent-${lease.leaseId}-${m.year}-${m.index + 1}`,
      si: lease.si,
      year: m.year,
      month: monthName(m),
      kind: 'rent',
      description: `Rent, apartment ${lease.apartment}`,
      debitPoisha: lease.rentPoisha,
      creditPoisha: 0,
      method: null,
      reference: null,
      refId: null,
      date,
    });
  }
  return lines;
}

/**
 * A resident's account at `at`: the rent of every month of their leases and every stored line
 * dated by then, in date order with a running balance; what is owed; each month's totals. A past
 * `at` answers as the account stood then.
 */
export function accountAt(
  email: string,
  leases: readonly LedgerLease[],
  stored: readonly StoredAccountLine[],
  at: Date,
): AccountResponse {
  const own = leases.filter((l) => l.email === email && new Date(l.startedAt) <= at);
  const all = [...own.flatMap((l) => rentLines(l, at)), ...stored.filter((l) => new Date(l.date) <= at)].sort(
    (a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id),
  );
  let running = 0;
  const months = new Map<string, { si: number; year: number; month: Month; owed: number; paid: number }>();
  const lines = all.map((l) => {
    running += l.debitPoisha - l.creditPoisha;
    if (l.year !== null && l.month !== null && !l.kind.startsWith('deposit')) {
      const key = `${l.si}-${l.year}-${l.month}`;
      const totals = months.get(key) ?? { si: l.si, year: l.year, month: l.month, owed: 0, paid: 0 };
      // A cancelled charge owes less; a reversed payment paid nothing, a refunded one less.
      if (l.kind === 'charge-cancelled') totals.owed -= l.creditPoisha;
      else if (l.kind === 'payment-reversed' || l.kind === 'refund') totals.paid -= l.debitPoisha;
      else {
        totals.owed += l.debitPoisha;
        totals.paid += l.creditPoisha;
      }
      months.set(key, totals);
    }
    return { ...l, debit: toTaka(l.debitPoisha), credit: toTaka(l.creditPoisha), balance: toTaka(running) };
  });
  return {
    email,
    asOf: at.toISOString(),
    lines,
    balance: toTaka(running),
    months: [...months.values()].map((m) => ({ ...m, owed: toTaka(m.owed), paid: toTaka(m.paid) })),
  };
}
