import { monthNames } from '@building/events/catalogue';
import { payAheadMonths } from '@building/events/rent-ledger/lease-months';
import type { AccountLine } from '@building/events/read-models/account';
import { thisMonth, type MonthOfYear } from '../../lib/month-of-year.ts';
import type { MonthOwing } from './month-owing.ts';

/** How many months after this one a lease in force may pay ahead at the desk: as the server allows. */
export const monthsAheadAtDesk = payAheadMonths;

const ordinal = ({ month, year }: MonthOfYear) => year * 12 + monthNames.indexOf(month);
const ofOrdinal = (n: number): MonthOfYear => ({ month: monthNames[n % 12]!, year: Math.floor(n / 12) });

/** Whether `m` is after this month (Dhaka): its rent is not on the account yet. */
export const isAhead = (m: MonthOfYear, now = new Date()) => ordinal(m) > ordinal(thisMonth(now));

/**
 * The months after this one a lease in force may pay ahead, nearest first (none for an ended
 * lease: what it owes ends with it).
 */
export function monthsAhead(ended: boolean, now = new Date()): MonthOfYear[] {
  if (ended) return [];
  const from = ordinal(thisMonth(now));
  return Array.from({ length: monthsAheadAtDesk }, (_, n) => ofOrdinal(from + 1 + n));
}

/** The lease's monthly rent in taka, as its latest rent line owes it (0 before any). */
export const rentOf = (lines: readonly AccountLine[], si: number) =>
  (lines.findLast((l) => l.si === si && l.kind === 'rent')?.debitPoisha ?? 0) / 100;

/**
 * A month ahead as the desk shows it: the rent it will owe (the account adds a month's rent when
 * the month comes) with whatever it already holds, charges added ahead and payments taken ahead.
 */
export function withRentAhead(owing: MonthOwing, rent: number): MonthOwing {
  const owed = owing.owed + rent;
  return { ...owing, rent: owing.rent + rent, owed, remaining: Math.max(0, owed - owing.paid) };
}
