import type { MonthStatement } from '@building/events/books/statement';
import type { Language } from '@building/events/catalogue';
import { csvField } from '../ops/audit-formats.ts';
import { statementRows } from './statement-rows.ts';
import { statementWords } from './statement-words.ts';

/** Poisha as a spreadsheet reads taka: a plain number with two decimals (`-1234.50`). */
const decimal = (poisha: number) => `${poisha < 0 ? '-' : ''}${(Math.abs(poisha) / 100).toFixed(2)}`;

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
    r.poisha !== null ? decimal(r.poisha) : r.percent == null ? '' : r.percent.toFixed(2),
  ]);
  return [[w.month, w.section, w.item, w.amount], ...rows]
    .map((r) => `${r.map(csvField).join(',')}\r\n`)
    .join('');
}
