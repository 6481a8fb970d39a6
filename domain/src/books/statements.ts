import { depositsHeld, moneyAccounts } from '@building/events/books/chart-of-accounts';
import { incomeKinds, type MonthStatement } from '@building/events/books/statement';
import { expenseCategories } from '@building/events/catalogue';
import { buildingDay } from '@building/events/rent-ledger/building-calendar';
import type { MoneyEventType } from './money-events.ts';
import type { JournalEntry } from './journal.ts';

/** The events whose money lines are residents' payments (and their undoing): what a month collected. */
export const paymentEventTypes = [
  'RentPaid',
  'RentRefunded',
  'OfflinePaymentRecorded',
  'PaymentReversed',
] as const satisfies readonly MoneyEventType[];

/** Journal lines of one account summed over a Dhaka month (`YYYY-MM`), payments apart. */
export interface MonthLines {
  month: string;
  account: string;
  payment: boolean;
  debitPoisha: number;
  creditPoisha: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The Dhaka month (`YYYY-MM`) a moment falls in. */
export function monthKeyOf(at: Date): string {
  const { year, index } = buildingDay(at);
  return `${year}-${pad(index + 1)}`;
}

/** `count` months ending with `last` (`YYYY-MM`), oldest first. */
export function monthsEndingWith(last: string, count: number): string[] {
  const end = Number(last.slice(0, 4)) * 12 + Number(last.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => {
    const n = end - count + 1 + i;
    return `${Math.floor(n / 12)}-${pad((n % 12) + 1)}`;
  });
}

/** Entries (the rent the leases billed, say) as month lines. */
export const monthLinesOf = (entries: readonly JournalEntry[], payment = false): MonthLines[] =>
  entries.flatMap((e) => e.lines.map((l) => ({ ...l, month: monthKeyOf(new Date(e.at)), payment })));

const money: ReadonlySet<string> = new Set(moneyAccounts);
const taka = (poisha: number) => poisha / 100;
const rateOf = (collected: number, billed: number) =>
  billed > 0 ? Math.round((collected / billed) * 10_000) / 10_000 : null;

interface Sums {
  accounts: Map<string, number>;
  collected: number;
}

/**
 * Each of `months`' statements (`MonthStatement`) from the journal's lines summed by month: every
 * line dated up to the last month's end, those before the first month included (they open the
 * balances). Income accounts count credit - debit, expenses debit - credit; the balances run on.
 */
export function statementsOf(lines: Iterable<MonthLines>, months: readonly string[]): MonthStatement[] {
  const first = months[0]!;
  const byMonth = new Map<string, Sums>(months.map((m) => [m, { accounts: new Map(), collected: 0 }]));
  const balances = new Map<string, { receivables: number; deposits: number }>();
  const opening = { receivables: 0, deposits: 0 };
  for (const l of lines) {
    const net = l.debitPoisha - l.creditPoisha;
    const balance = l.month < first ? opening : (balances.get(l.month) ?? { receivables: 0, deposits: 0 });
    if (l.account.startsWith('receivable:')) balance.receivables += net;
    if (l.account === depositsHeld) balance.deposits -= net;
    if (l.month >= first) balances.set(l.month, balance);
    const sums = byMonth.get(l.month);
    if (!sums) continue;
    sums.accounts.set(l.account, (sums.accounts.get(l.account) ?? 0) + net);
    if (l.payment && money.has(l.account)) sums.collected += net;
  }
  let { receivables, deposits } = opening;
  return months.map((month) => {
    const sums = byMonth.get(month)!;
    const moved = balances.get(month);
    receivables += moved?.receivables ?? 0;
    deposits += moved?.deposits ?? 0;
    const netOf = (account: string) => sums.accounts.get(account) ?? 0;
    const income = incomeKinds.map((kind) => ({ kind, poisha: -netOf(`income:${kind}`) }));
    const expenses = expenseCategories.map((category) => ({
      category,
      poisha: netOf(`expense:${category}`),
    }));
    const incomeTotal = income.reduce((s, i) => s + i.poisha, 0);
    const expenseTotal = expenses.reduce((s, e) => s + e.poisha, 0);
    const billed = income.filter((i) => i.kind !== 'deposit-deductions').reduce((s, i) => s + i.poisha, 0);
    return {
      month,
      income: {
        byKind: income.map((i) => ({ kind: i.kind, amount: taka(i.poisha) })),
        total: taka(incomeTotal),
      },
      expenses: {
        byCategory: expenses.map((e) => ({ category: e.category, amount: taka(e.poisha) })),
        total: taka(expenseTotal),
      },
      net: taka(incomeTotal - expenseTotal),
      billed: taka(billed),
      collected: taka(sums.collected),
      collectionRate: rateOf(sums.collected, billed),
      receivables: taka(receivables),
      depositsHeld: taka(deposits),
    };
  });
}

/** Months summed (a year's): flows added up, the balances as at the last month's end. */
export function sumOfStatements(statements: readonly MonthStatement[]): Omit<MonthStatement, 'month'> {
  const poisha = (taka: number) => Math.round(taka * 100);
  const total = (pick: (s: MonthStatement) => number) =>
    statements.reduce((sum, s) => sum + poisha(pick(s)), 0) / 100;
  const last = statements.at(-1)!;
  const billed = total((s) => s.billed);
  const collected = total((s) => s.collected);
  return {
    income: {
      byKind: last.income.byKind.map(({ kind }, i) => ({
        kind,
        amount: total((s) => s.income.byKind[i]!.amount),
      })),
      total: total((s) => s.income.total),
    },
    expenses: {
      byCategory: last.expenses.byCategory.map(({ category }, i) => ({
        category,
        amount: total((s) => s.expenses.byCategory[i]!.amount),
      })),
      total: total((s) => s.expenses.total),
    },
    net: total((s) => s.net),
    billed,
    collected,
    collectionRate: rateOf(poisha(collected), poisha(billed)),
    receivables: last.receivables,
    depositsHeld: last.depositsHeld,
  };
}
