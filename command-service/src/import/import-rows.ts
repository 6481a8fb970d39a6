import { z } from 'zod';
import { takaText } from '@building/events/requests/account-requests';
import { calendarDateField } from '@building/events/requests/expense-requests';
import { readCsv, type CsvProblem } from '@building/infra/ops/read-csv';

/**
 * The three files of a building moving in, one row each: an apartment as listed, a resident and
 * the apartment they lease, a resident's opening balance. Cells are text; each column is checked
 * here (zod) before anything is decided, and every bad cell of every file is reported at once.
 */

const text = (min: number, max: number) => z.string().trim().min(min).max(max);
const integer = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
/** An empty cell is an absent one. */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

export const apartmentRow = z.object({
  si: integer(1, 1_000_000),
  apartment: text(1, 20),
  block: text(1, 10),
  floor: integer(0, 200),
  room: text(1, 20),
  /** Whole taka, as the listing has it. */
  rent: integer(1, 10_000_000),
  /** A picture of the apartment; by default the one named after it (`apartment-<name>.svg`). */
  image: optional(text(1, 2000)),
});

export const residentRow = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('expected an email address').max(254)),
  name: text(1, 200),
  /** The apartment they lease, by its serial number (the apartments file's `si`). */
  si: integer(1, 1_000_000),
  /** The months of rent the lease owes as its deposit; none unless said (a deposit held before is not owed again). */
  deposit_months: optional(integer(0, 24)),
});

export const balanceRow = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('expected an email address').max(254)),
  /** arrears: the resident owed it; credit: they had paid it ahead. */
  kind: z.enum(['arrears', 'credit']),
  /** Taka, more than 0, at most 2 decimals. */
  amount: takaText,
  as_of: calendarDateField,
  note: optional(text(0, 500)),
});

export type ApartmentRow = z.infer<typeof apartmentRow>;
export type ResidentRow = z.infer<typeof residentRow>;
export type BalanceRow = z.infer<typeof balanceRow>;

export const importFiles = {
  apartments: { schema: apartmentRow, key: 'si' },
  residents: { schema: residentRow, key: 'email' },
  balances: { schema: balanceRow, key: 'email' },
} as const;
export type ImportFileKind = keyof typeof importFiles;

/** A row as read, with where it came from (for its problems). */
export interface Located<R> {
  line: number;
  row: R;
}

export interface ImportRows {
  apartments: Located<ApartmentRow>[];
  residents: Located<ResidentRow>[];
  balances: Located<BalanceRow>[];
}

export interface ImportProblem extends CsvProblem {
  /** The file as the operator named it. */
  file: string;
}

export const describeProblem = (p: ImportProblem) =>
  `${p.file}:${p.line}${p.column ? ` ${p.column}` : ''}: ${p.reason}`;

/**
 * Each file's rows, checked: the header names exactly the file's columns (in any order), each
 * cell is valid, and no key (an apartment's si, a resident's email) comes twice. Rows with a
 * problem are left out and the problem kept, so one pass reports them all.
 */
export function validateImportFiles(files: Partial<Record<ImportFileKind, { name: string; text: string }>>): {
  rows: ImportRows;
  problems: ImportProblem[];
} {
  const rows: ImportRows = { apartments: [], residents: [], balances: [] };
  const problems: ImportProblem[] = [];
  for (const kind of Object.keys(importFiles) as ImportFileKind[]) {
    const file = files[kind];
    if (!file) continue;
    const { schema, key } = importFiles[kind];
    const csv = readCsv(file.text);
    const found: CsvProblem[] = [];
    const at = (p: CsvProblem) => found.push(p);
    csv.problems.forEach(at);
    const shape: Record<string, z.ZodType> = schema.shape;
    const columns = Object.keys(shape);
    const missing = columns.filter((c) => !csv.header.includes(c) && !shape[c]!.safeParse(undefined).success);
    const unknown = csv.header.filter((c) => !columns.includes(c));
    for (const column of missing) at({ line: 1, column, reason: 'missing column' });
    for (const column of unknown)
      at({ line: 1, column, reason: `unknown column (the columns are ${columns.join(', ')})` });
    // Without its columns no row can be read: the header's problem is the file's.
    if (missing.length > 0 || unknown.length > 0) {
      problems.push(...found.map((p) => ({ file: file.name, ...p })));
      continue;
    }
    const firstLine = new Map<unknown, number>();
    for (const record of csv.records) {
      const parsed = schema.safeParse(record.cells);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          at({ line: record.line, column: String(issue.path[0] ?? ''), reason: issue.message });
        continue;
      }
      const value = (parsed.data as Record<string, unknown>)[key];
      const seen = firstLine.get(value);
      if (seen !== undefined) {
        at({ line: record.line, column: key, reason: `${String(value)} is also on line ${seen}` });
        continue;
      }
      firstLine.set(value, record.line);
      (rows[kind] as Located<unknown>[]).push({ line: record.line, row: parsed.data });
    }
    problems.push(...found.sort((a, b) => a.line - b.line).map((p) => ({ file: file.name, ...p })));
  }
  return { rows, problems };
}
