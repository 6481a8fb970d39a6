import { refuse } from '../domain-error.ts';
import type { Month } from '../catalogue.ts';
import {
  buildingDay,
  monthIndexOf,
  monthOrdinal,
  startOfBuildingDay,
  type CalendarMonth,
} from './building-calendar.ts';

/**
 * What a lease owes, the one rule the ledger, the payment and charge deciders, the reminders, the
 * emails and the pages read: rent for each month from the month the lease was accepted to the month
 * it ended (Dhaka time), each due by the 5th; the first month due 5 days after acceptance.
 */
export interface LeaseSpan {
  startedAt: string;
  endedAt: string | null;
}

/** Days a month's rent may be paid before it is overdue, counted from the 1st (or acceptance). */
export const graceDays = 5;
/** The day of the month rent is due by, as the reminders say it. */
export const dueDayOfMonth = graceDays;

export const firstMonthOf = (lease: LeaseSpan): CalendarMonth & { day: number } =>
  buildingDay(new Date(lease.startedAt));
export const lastMonthOf = (lease: LeaseSpan): CalendarMonth | null =>
  lease.endedAt ? buildingDay(new Date(lease.endedAt)) : null;

const calendarOf = (m: { year: number; month: Month }): CalendarMonth => ({
  year: m.year,
  index: monthIndexOf(m.month),
});

/** The month is one the lease owes: not before its first month, not after the month it ended. */
export function isMonthOfLease(lease: LeaseSpan, m: { year: number; month: Month }): boolean {
  const n = monthOrdinal(calendarOf(m));
  const last = lastMonthOf(lease);
  return n >= monthOrdinal(firstMonthOf(lease)) && (last === null || n <= monthOrdinal(last));
}

/** Refuses a payment, charge or reading for a month the lease does not owe (`what` says which). */
export function assertMonthOfLease(
  lease: LeaseSpan & { si: number },
  m: { year: number; month: Month },
  what: string,
): void {
  if (isMonthOfLease(lease, m)) return;
  const first = firstMonthOf(lease);
  throw refuse(
    'month-outside-lease',
    `${what} for ${m.month} ${m.year} is outside the lease of apartment ${lease.si} (from ${monthLabel(first)}${lease.endedAt ? ` to ${monthLabel(lastMonthOf(lease)!)}` : ''})`,
    { fields: [{ field: 'month', message: 'outside the lease' }] },
  );
}

/** How many months after this one (Dhaka) rent may be paid ahead, by card or at the desk. */
export const payAheadMonths = 12;

/** Refuses money for a month further ahead of `now` than a lease may pay (`what` says which). */
export function assertWithinPayAhead(m: { year: number; month: Month }, now: Date, what: string): void {
  const ahead = monthOrdinal(calendarOf(m)) - monthOrdinal(buildingDay(now));
  if (ahead <= payAheadMonths) return;
  throw refuse(
    'month-too-far-ahead',
    `${what} for ${m.month} ${m.year} is ${ahead} months ahead: at most ${payAheadMonths} may be paid ahead`,
    { fields: [{ field: 'month', message: `at most ${payAheadMonths} months ahead` }] },
  );
}

const monthLabel = (m: CalendarMonth) =>
  `${new Date(Date.UTC(m.year, m.index, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' })} ${m.year}`;

/** When a month of the lease is due: by `dueBy` (a Dhaka calendar date), overdue from `overdueFrom`. */
export interface MonthDue {
  dueBy: string;
  overdueFrom: Date;
}

export function dueOfMonth(lease: LeaseSpan, m: CalendarMonth): MonthDue {
  const first = firstMonthOf(lease);
  const from = monthOrdinal(m) === monthOrdinal(first) ? first.day : 1;
  const overdueFrom = startOfBuildingDay(m.year, m.index, from + graceDays);
  const lastDay = buildingDay(new Date(overdueFrom.getTime() - 1));
  const pad = (n: number) => String(n).padStart(2, '0');
  return { dueBy: `${lastDay.year}-${pad(lastDay.index + 1)}-${pad(lastDay.day)}`, overdueFrom };
}

export const dueOfNamedMonth = (lease: LeaseSpan, m: { year: number; month: Month }) =>
  dueOfMonth(lease, calendarOf(m));
