import { describe, expect, it } from 'vitest';
import { trialBalanceOf } from '@building/events/books/trial-balance';
import type { DomainEvent } from '@building/events/catalogue';
import { startOfBuildingDay } from '@building/events/rent-ledger/building-calendar';
import { moneyHistory } from '../testing/money-history.ts';
import { journalAt } from './journal.ts';
import {
  monthKeyOf,
  monthLinesOf,
  monthsEndingWith,
  paymentEventTypes,
  statementsOf,
  sumOfStatements,
} from './statements.ts';

const withIds = (events: DomainEvent[]) =>
  events.map((e, i) => ({ ...e, id: `e${String(i).padStart(5, '0')}` }));
const payments: ReadonlySet<string> = new Set(paymentEventTypes);
const cents = (taka: number) => Math.round(taka * 100);

/** The month lines of a whole history, as the view's sums would give them. */
function linesOf(events: Array<DomainEvent & { id: string }>, end: Date) {
  const typeOf = new Map(events.map((e) => [e.id, e.type]));
  return journalAt(events, end).flatMap((entry) =>
    monthLinesOf([entry], payments.has(typeOf.get(entry.id) ?? '')),
  );
}

/** The end of a Dhaka month (`YYYY-MM`). */
const endOf = (month: string) =>
  new Date(startOfBuildingDay(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1).getTime() - 1);

/** What residents paid in a month, straight from the events (payments less their undoing). */
function collectedIn(events: DomainEvent[], month: string): number {
  let poisha = 0;
  const inMonth = (at: string) => monthKeyOf(new Date(at)) === month;
  for (const e of events) {
    if (e.type === 'RentPaid' && inMonth(e.data.paidAt))
      poisha += e.data.items ? e.data.items.reduce((s, i) => s + i.amountPoisha, 0) : e.data.amountPoisha;
    if (e.type === 'OfflinePaymentRecorded' && inMonth(e.data.recordedAt)) poisha += e.data.amountPoisha;
    if (e.type === 'PaymentReversed' && inMonth(e.data.reversedAt)) poisha -= e.data.amountPoisha;
    if (e.type === 'RentRefunded' && e.data.reason !== 'duplicate-charge' && inMonth(e.data.refundedAt))
      poisha -= e.data.amountPoisha;
  }
  return poisha;
}

describe('monthly statements from the journal', () => {
  it('lists twelve months ending with one, across a year', () => {
    expect(monthsEndingWith('2026-02', 3)).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(monthsEndingWith('2026-12', 12)[0]).toBe('2026-01');
  });

  it.each([1, 2, 3, 4, 5])(
    'agree with the trial balance and the events, month by month (history %i)',
    (seed) => {
      const events = withIds(moneyHistory(seed));
      const months = monthsEndingWith('2026-12', 12);
      const statements = statementsOf(linesOf(events, endOf('2026-12')), months);
      let previous = trialBalanceOf([]);
      for (const s of statements) {
        const balance = trialBalanceOf(journalAt(events, endOf(s.month)).flatMap((e) => e.lines));
        const at = (tb: typeof balance, name: string) =>
          cents(tb.accounts.find((a) => a.account === name)?.balance ?? 0);
        const moved = (name: string) => at(balance, name) - at(previous, name);
        for (const { kind, amount } of s.income.byKind)
          expect(cents(amount), kind).toBe(-moved(`income:${kind}`));
        for (const { category, amount } of s.expenses.byCategory)
          expect(cents(amount), category).toBe(moved(`expense:${category}`));
        expect(cents(s.net)).toBe(cents(s.income.total) - cents(s.expenses.total));
        const owed = balance.accounts
          .filter((a) => a.account.startsWith('receivable:'))
          .reduce((sum, a) => sum + cents(a.balance), 0);
        expect(cents(s.receivables)).toBe(owed);
        expect(cents(s.depositsHeld)).toBe(-at(balance, 'deposits-held'));
        expect(cents(s.collected)).toBe(collectedIn(events, s.month));
        if (s.billed > 0) expect(s.collectionRate).toBeCloseTo(s.collected / s.billed, 4);
        else expect(s.collectionRate).toBeNull();
        previous = balance;
      }
      expect(statements.some((s) => s.expenses.total !== 0 && s.collected !== 0)).toBe(true);
    },
  );

  it('sums a year: flows added, balances as at its end', () => {
    const events = withIds(moneyHistory(7));
    const months = statementsOf(linesOf(events, endOf('2026-12')), monthsEndingWith('2026-12', 12));
    const year = sumOfStatements(months);
    expect(cents(year.net)).toBe(months.reduce((sum, m) => sum + cents(m.net), 0));
    expect(cents(year.collected)).toBe(months.reduce((sum, m) => sum + cents(m.collected), 0));
    expect(year.receivables).toBe(months.at(-1)!.receivables);
    expect(year.depositsHeld).toBe(months.at(-1)!.depositsHeld);
  });
});
