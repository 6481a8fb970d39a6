import type { MonthStatement } from '@building/events/books/statement';
import type { Language } from '@building/events/catalogue';
import { csvTable, takaCell } from './csv-table.ts';
import { statementRows } from './statement-rows.ts';
import { statementWords } from './statement-words.ts';

/**
 * The month's statement as CSV (RFC 4180: CRLF, quoted where needed), a header row then one row
 * per line: month, section, item, amount in taka with two decimals (the collection rate as a
 * percentage, empty when nothing was billed). Words in `language`, numbers as spreadsheets read them.
 */
export function statementCsv(statement: MonthStatement, language: Language): string {
  const w = statementWords[language];
  const rows = statementRows(statement, language).map((r) => [
    statement.month,
    r.section,
    r.item,
    r.poisha !== null ? takaCell(r.poisha) : r.percent == null ? '' : r.percent.toFixed(2),
  ]);
  return csvTable([[w.month, w.section, w.item, w.amount], ...rows]);
}
