import type { AccountLine } from '@building/events/read-models/account';
import type { MonthOfYear } from '../../lib/month-of-year.ts';

/** A payment of a month as the cash desk lists it: by card or at the desk, reversed or standing. */
export interface MonthPayment {
  /** The card's transaction id or the desk payment's id: what its receipt and reversal name. */
  id: string;
  method: string;
  reference: string;
  amount: number;
  date: string;
  byCard: boolean;
  reversed: boolean;
}

/** What one month of one apartment owes and has been paid, in taka, line by line. */
export interface MonthOwing {
  rent: number;
  charges: number;
  lateFee: number;
  owed: number;
  paid: number;
  remaining: number;
  payments: MonthPayment[];
}

/**
 * The month's money from the account's lines: its rent, charges (less those cancelled) and late
 * fee, and what its payments (less those reversed) paid. Summed in poisha, said in taka.
 */
export function monthOwing(
  lines: readonly AccountLine[],
  si: number,
  { month, year }: MonthOfYear,
): MonthOwing {
  const of = lines.filter((l) => l.si === si && l.month === month && l.year === year);
  const sum = (kinds: readonly AccountLine['kind'][], side: 'debitPoisha' | 'creditPoisha') =>
    of.filter((l) => kinds.includes(l.kind)).reduce((total, l) => total + l[side], 0);
  const rent = sum(['rent'], 'debitPoisha');
  const charges = sum(['charge'], 'debitPoisha') - sum(['charge-cancelled'], 'creditPoisha');
  const lateFee = sum(['late-fee'], 'debitPoisha');
  const paid = sum(['card-payment', 'payment'], 'creditPoisha') - sum(['payment-reversed'], 'debitPoisha');
  const reversed = new Set(of.filter((l) => l.kind === 'payment-reversed').map((l) => l.refId));
  const owed = rent + charges + lateFee;
  return {
    rent: rent / 100,
    charges: charges / 100,
    lateFee: lateFee / 100,
    owed: owed / 100,
    paid: paid / 100,
    remaining: Math.max(0, owed - paid) / 100,
    payments: of
      .filter((l) => (l.kind === 'payment' || l.kind === 'card-payment') && l.refId)
      .map((l) => ({
        id: l.refId!,
        method: l.method ?? 'card',
        reference: l.reference ?? '',
        amount: l.credit,
        date: l.date,
        byCard: l.kind === 'card-payment',
        reversed: reversed.has(l.refId),
      })),
  };
}

/** A lease's deposit as its account lines tell it, in taka. */
export interface DepositState {
  si: number;
  owed: number;
  paid: number;
  /** What the deposit still owes (0 once settled). */
  remaining: number;
  settled: boolean;
  kept: number;
  returned: number;
  /** How the return went back, and its reference. */
  returnMethod: string | null;
  returnReference: string | null;
}

/** Each lease's deposit from the account's lines, in the order the deposits were owed. */
export function depositsOf(lines: readonly AccountLine[]): DepositState[] {
  const sis = [...new Set(lines.filter((l) => l.kind === 'deposit').map((l) => l.si))];
  return sis.map((si) => {
    const of = lines.filter((l) => l.si === si);
    const sum = (kind: AccountLine['kind'], side: 'debitPoisha' | 'creditPoisha') =>
      of.filter((l) => l.kind === kind).reduce((total, l) => total + l[side], 0);
    const settled = of.some((l) => l.kind === 'deposit-release');
    const owed = sum('deposit', 'debitPoisha');
    const paid = sum('deposit-payment', 'creditPoisha');
    const returnLine = of.find((l) => l.kind === 'deposit-return');
    return {
      si,
      owed: owed / 100,
      paid: paid / 100,
      remaining: settled ? 0 : Math.max(0, owed - paid) / 100,
      settled,
      kept: sum('deposit-deduction', 'debitPoisha') / 100,
      returned: sum('deposit-return', 'debitPoisha') / 100,
      returnMethod: returnLine?.method ?? null,
      returnReference: returnLine?.reference ?? null,
    };
  });
}

/** The months of an apartment the account knows, newest first, those still owing marked. */
export function monthsOf(
  months: ReadonlyArray<{
    si: number;
    year: number;
    month: MonthOfYear['month'];
    owed: number;
    paid: number;
  }>,
  si: number,
) {
  return months
    .filter((m) => m.si === si)
    .map((m) => ({ month: m.month, year: m.year, open: m.owed > m.paid }))
    .reverse();
}
