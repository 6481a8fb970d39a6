import type { MonthRent, OverdueRent, RentLedger } from '../read-models/rent-ledger.ts';
import { buildingDay, monthName } from './building-calendar.ts';
import { ledgersAt, type LedgerLease, type LedgerMonth, type SettledMonth } from './lease-ledger.ts';

/** One person's ledger at `asOf`: their leases (current and former), each month by month. */
export function personalLedger(
  email: string,
  leases: readonly LedgerLease[],
  settled: readonly SettledMonth[],
  asOf: Date,
): RentLedger {
  const ledgers = ledgersAt(
    leases.filter((l) => l.email === email),
    settled,
    asOf,
  );
  return {
    email,
    asOf: asOf.toISOString(),
    balancePoisha: ledgers.reduce((sum, l) => sum + l.balancePoisha, 0),
    overduePoisha: ledgers.reduce((sum, l) => sum + l.overduePoisha, 0),
    leases: ledgers,
  };
}

/** Every lease with overdue months at `asOf`, the largest debt first, and the totals. */
export function overdueRent(
  leases: readonly LedgerLease[],
  settled: readonly SettledMonth[],
  asOf: Date,
): OverdueRent {
  const rows = ledgersAt(leases, settled, asOf)
    .filter((l) => l.overduePoisha > 0)
    .map(({ lease, active, months, overduePoisha }) => ({
      email: lease.email,
      name: lease.name,
      si: lease.si,
      apartment: lease.apartment,
      active,
      months: months.filter((m) => m.status === 'overdue').map(({ year, month }) => ({ year, month })),
      overduePoisha,
    }))
    .sort((a, b) => b.overduePoisha - a.overduePoisha || a.si - b.si);
  return {
    asOf: asOf.toISOString(),
    members: new Set(rows.map((r) => r.email)).size,
    months: rows.reduce((sum, r) => sum + r.months.length, 0),
    amountPoisha: rows.reduce((sum, r) => sum + r.overduePoisha, 0),
    rows,
  };
}

/** What came in for a month: its payments, less what refunds at the provider gave back. */
const collectedOf = (row: LedgerMonth) => {
  const paid = [row.paid, ...row.otherPayments].reduce((sum, p) => sum + (p?.amountPoisha ?? 0), 0);
  return Math.max(0, paid - row.refunds.reduce((sum, r) => sum + r.amountPoisha, 0));
};

/** The building's rent of the month `asOf` falls in (Dhaka): owed, collected, and overdue by then. */
export function monthRent(
  leases: readonly LedgerLease[],
  settled: readonly SettledMonth[],
  asOf: Date,
): MonthRent {
  const today = buildingDay(asOf);
  const month = monthName(today);
  const ledgers = ledgersAt(leases, settled, asOf);
  const rows = ledgers.flatMap((l) => l.months.filter((m) => m.year === today.year && m.month === month));
  return {
    asOf: asOf.toISOString(),
    year: today.year,
    month,
    duePoisha: rows.reduce((sum, m) => sum + m.rentPoisha, 0),
    collectedPoisha: rows.reduce((sum, m) => sum + collectedOf(m), 0),
    overduePoisha: ledgers.reduce((sum, l) => sum + l.overduePoisha, 0),
  };
}
