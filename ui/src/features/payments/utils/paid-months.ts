import type { Payment } from '../api/get-payments.ts';

/** The months of `year` already paid for apartment `si` (a refunded second charge paid nothing). */
export const paidMonthsOf = (payments: readonly Payment[] | undefined, si: number, year: number) =>
  new Set<string>(
    (payments ?? []).filter((p) => p.status === 'paid' && p.si === si && p.year === year).map((p) => p.month),
  );

/**
 * The month to offer first: the earliest unpaid one of the year, not before the lease began
 * (no rent is owed before it), or '' when every month is paid.
 */
export function firstUnpaidMonth(
  months: readonly string[],
  paid: ReadonlySet<string>,
  year: number,
  leaseStart: Date,
): string {
  const from = leaseStart.getFullYear() === year ? leaseStart.getMonth() : 0;
  return months.slice(from).find((month) => !paid.has(month)) ?? '';
}
