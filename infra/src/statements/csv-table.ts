import { csvField } from '../ops/audit-formats.ts';

/** Poisha as a spreadsheet reads taka: a plain number with two decimals (`-1234.50`). */
export const takaCell = (poisha: number) => `${poisha < 0 ? '-' : ''}${(Math.abs(poisha) / 100).toFixed(2)}`;

/** Rows as RFC 4180 CSV: CRLF after each, a cell quoted where it must be. The header is the first row. */
export const csvTable = (rows: readonly (readonly string[])[]) =>
  rows.map((r) => `${r.map(csvField).join(',')}\r\n`).join('');
