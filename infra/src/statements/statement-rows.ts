import type { MonthStatement } from '@building/events/books/statement';
import type { Language } from '@building/events/catalogue';
import { statementWords } from './statement-words.ts';

/** One line of a statement as the CSV and the PDF list it: its section, its item, an amount in poisha (or a rate). */
export interface StatementRow {
  section: string;
  item: string;
  poisha: number | null;
  /** A percentage instead of an amount (the collection rate); null when nothing was billed. */
  percent?: number | null;
  total?: boolean;
}

const poisha = (taka: number) => Math.round(taka * 100);

/** The statement's lines in reading order, in `language`: income, expenses, then the summary. */
export function statementRows(s: MonthStatement, language: Language): StatementRow[] {
  const w = statementWords[language];
  return [
    ...s.income.byKind.map((i) => ({
      section: w.income,
      item: w.incomeKinds[i.kind],
      poisha: poisha(i.amount),
    })),
    { section: w.income, item: w.total, poisha: poisha(s.income.total), total: true },
    ...s.expenses.byCategory.map((e) => ({
      section: w.expenses,
      item: w.categories[e.category],
      poisha: poisha(e.amount),
    })),
    { section: w.expenses, item: w.total, poisha: poisha(s.expenses.total), total: true },
    { section: w.summary, item: w.net, poisha: poisha(s.net), total: true },
    { section: w.summary, item: w.billed, poisha: poisha(s.billed) },
    { section: w.summary, item: w.collected, poisha: poisha(s.collected) },
    {
      section: w.summary,
      item: w.collectionRate,
      poisha: null,
      percent: s.collectionRate === null ? null : Math.round(s.collectionRate * 10_000) / 100,
    },
    { section: w.summary, item: w.receivables, poisha: poisha(s.receivables) },
    { section: w.summary, item: w.depositsHeld, poisha: poisha(s.depositsHeld) },
  ];
}
