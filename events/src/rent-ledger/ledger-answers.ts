import type { OverdueRent, RentLedger } from '../read-models/rent-ledger.ts';
import { ledgersAt, type LedgerLease, type SettledMonth } from './lease-ledger.ts';

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
