import type { JournalEntry } from '@building/domain/books/journal';
import { buildingDate } from '@building/events/rent-ledger/building-calendar';
import { csvTable, takaCell } from './csv-table.ts';

export const journalCsvHeader = ['date', 'entry', 'memo', 'account', 'debit', 'credit'] as const;

/**
 * The journal as an accountant's CSV (RFC 4180, as the statements'): a header row, then one row
 * per line of each entry: its Dhaka date, the entry's id (the event's, or the rent month's), the
 * memo, the account and the debit and credit in taka with two decimals.
 */
export function journalCsv(entries: readonly JournalEntry[]): string {
  const rows = entries.flatMap((e) =>
    e.lines.map((l) => [
      buildingDate(new Date(e.at)),
      e.id,
      e.memo,
      l.account,
      takaCell(l.debitPoisha),
      takaCell(l.creditPoisha),
    ]),
  );
  return csvTable([journalCsvHeader, ...rows]);
}
