import type { DomainEvent } from '@building/events/catalogue';
import {
  chargeIncomeAccount,
  depositsHeld,
  expenseAccount,
  incomeAccounts,
  methodAccount,
  openingBalances,
  receivableAccount,
} from '@building/events/books/chart-of-accounts';
import { paymentDiscountPoisha } from '@building/events/account/card-credit';
import { startOfBuildingDay } from '@building/events/rent-ledger/building-calendar';
import { isMoneyEventType, type MoneyEventType } from './money-events.ts';

/** One side of a journal entry: an account debited or credited, in poisha. */
export interface JournalLine {
  account: string;
  debitPoisha: number;
  creditPoisha: number;
}

/** A balanced journal entry: when it counts in the books, what it is, and its lines. */
export interface Posting {
  at: string;
  memo: string;
  lines: JournalLine[];
}

/** Money moving from `credit` to `debit`: two lines, or none for nothing. */
const transfer = (debit: string, credit: string, poisha: number): JournalLine[] =>
  poisha === 0
    ? []
    : [
        { account: debit, debitPoisha: poisha, creditPoisha: 0 },
        { account: credit, debitPoisha: 0, creditPoisha: poisha },
      ];

const entry = (at: string, memo: string, ...lines: JournalLine[][]): Posting => ({
  at,
  memo,
  lines: lines.flat(),
});

/** The start of a Dhaka calendar day (an expense's, an opening balance's): when it counts in the books. */
const dayStart = (date: string) =>
  startOfBuildingDay(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
  ).toISOString();

/**
 * The posting of one money event: balanced lines on the chart of accounts (`chart-of-accounts.ts`),
 * or null for an event that moves no money (see `money-events.ts`). Pure: the same event always
 * posts the same lines, so the journal is a fold of the log and can be rebuilt from it.
 *
 * Charges, late fees and the deposit owed are billed to the resident's receivable as their events
 * say; the rent each month owes is no event (the lease owes it), so it is billed by
 * `rentDuePostings` from the leases. Payments settle the receivable; refunds and reversals post
 * the mirror of what they undo.
 */
export function postingOf(event: DomainEvent): Posting | null {
  if (!isMoneyEvent(event)) return null;
  switch (event.type) {
    case 'ChargeAdded': {
      const d = event.data;
      return entry(
        d.addedAt,
        `${d.kind} charge, apartment ${d.apartment}, ${d.month} ${d.year}`,
        transfer(receivableAccount(d.email), chargeIncomeAccount(d.kind), d.amountPoisha),
      );
    }
    case 'ChargeCancelled': {
      const d = event.data;
      return entry(
        d.cancelledAt,
        `charge cancelled, apartment ${d.si}, ${d.month} ${d.year}: ${d.reason}`,
        transfer(chargeIncomeAccount(d.kind), receivableAccount(d.email), d.amountPoisha),
      );
    }
    case 'LateFeeCharged': {
      const d = event.data;
      return entry(
        d.chargedAt,
        `late fee, apartment ${d.apartment}, ${d.month} ${d.year}`,
        transfer(receivableAccount(d.email), incomeAccounts.lateFees, d.amountPoisha),
      );
    }
    case 'RentPaid': {
      const d = event.data;
      // The rent was billed in full; the coupon's discount is given back against it (card-credit.ts:
      // an itemised payment's rent item is what was left of the rent after the coupon and the desk).
      const paid = d.items ? d.items.reduce((sum, i) => sum + i.amountPoisha, 0) : d.amountPoisha;
      const discount = paymentDiscountPoisha(d);
      return entry(
        d.paidAt,
        `card payment, apartment ${d.apartment}, ${d.month} ${d.year}`,
        transfer('card-clearing', receivableAccount(d.email), paid),
        transfer(incomeAccounts.rentDiscounts, receivableAccount(d.email), discount),
      );
    }
    case 'RentRefunded': {
      const d = event.data;
      // A duplicate charge was never booked: its money went in and out at the provider.
      if (d.reason === 'duplicate-charge') return entry(d.refundedAt, 'duplicate card charge refunded');
      return entry(
        d.refundedAt,
        `card payment refunded, apartment ${d.si}, ${d.month} ${d.year}`,
        transfer(receivableAccount(d.email), 'card-clearing', d.amountPoisha),
        // Given back in full: the coupon's discount given against the rent is owed again.
        transfer(receivableAccount(d.email), incomeAccounts.rentDiscounts, d.discountPoisha ?? 0),
      );
    }
    case 'OfflinePaymentRecorded': {
      const d = event.data;
      return entry(
        d.recordedAt,
        `${d.method} payment ${d.reference}, apartment ${d.apartment}, ${d.month} ${d.year}`,
        transfer(methodAccount(d.method), receivableAccount(d.email), d.amountPoisha),
      );
    }
    case 'PaymentReversed': {
      const d = event.data;
      // Older reversals do not name the method: cash, the desk's, is the usual one.
      return entry(
        d.reversedAt,
        `payment reversed, apartment ${d.si}, ${d.month} ${d.year}: ${d.reason}`,
        transfer(receivableAccount(d.email), methodAccount(d.method ?? 'cash'), d.amountPoisha),
      );
    }
    case 'DepositOwed': {
      const d = event.data;
      return entry(
        d.owedAt,
        `deposit owed, apartment ${d.apartment}`,
        transfer(receivableAccount(d.email), depositsHeld, d.amountPoisha),
      );
    }
    case 'DepositPaid': {
      const d = event.data;
      return entry(
        d.paidAt,
        `deposit paid by ${d.method} ${d.reference}, apartment ${d.si}`,
        transfer(methodAccount(d.method), receivableAccount(d.email), d.amountPoisha),
      );
    }
    case 'DepositSettled': {
      const d = event.data;
      const kept = d.deductions.reduce((sum, x) => sum + x.amountPoisha, 0);
      return entry(
        d.settledAt,
        `deposit settled, apartment ${d.si}`,
        transfer(depositsHeld, incomeAccounts.depositDeductions, kept),
        transfer(depositsHeld, methodAccount(d.method), d.returnedPoisha),
        // The part never paid is owed no more.
        transfer(depositsHeld, receivableAccount(d.email), Math.max(0, d.owedPoisha - d.heldPoisha)),
      );
    }
    case 'ExpenseRecorded': {
      const d = event.data;
      return entry(
        dayStart(d.date),
        `${d.category}: ${d.vendor}`,
        transfer(expenseAccount(d.category), methodAccount(d.paidFrom), d.amountPoisha),
      );
    }
    case 'ExpenseReversed': {
      const d = event.data;
      return entry(
        d.reversedAt,
        `${d.category} expense reversed: ${d.reason}`,
        transfer(methodAccount(d.paidFrom), expenseAccount(d.category), d.amountPoisha),
      );
    }
    case 'OpeningBalanceRecorded': {
      const d = event.data;
      // Owed before the books moved here: brought forward against equity, not earned in this period.
      const [debit, credit] =
        d.kind === 'arrears'
          ? [receivableAccount(d.email), openingBalances]
          : [openingBalances, receivableAccount(d.email)];
      return entry(
        dayStart(d.asOf),
        `opening balance (${d.kind}) of ${d.email}${d.note ? `: ${d.note}` : ''}`,
        transfer(debit, credit, d.amountPoisha),
      );
    }
    default: {
      const unposted: never = event;
      throw new Error(`no posting for ${JSON.stringify(unposted)}`);
    }
  }
}

type MoneyEvent = Extract<DomainEvent, { type: MoneyEventType }>;
const isMoneyEvent = (event: DomainEvent): event is MoneyEvent => isMoneyEventType(event.type);
