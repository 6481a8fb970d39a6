import type { TableSpec } from './table-spec.ts';

/** A view row as the projector holds it in memory: column -> value. */
export type Row = Record<string, unknown>;

/**
 * What a projection makes of one event: row changes on its tables, applied in order. The engine
 * loads the rows they name, folds a whole batch of changes in memory and writes each table once.
 * - `insert`: the row, unless one with its key exists (then nothing);
 * - `upsert`: the row's columns on the existing row, or a new row with the other columns' defaults;
 * - `update`: the columns `update` on every row matching `where` (all equal; null matches null).
 *   `where` names the table's key column or one of its `lookups`, so the engine knows what to load.
 */
export type RowChange<K extends string = string> =
  { table: K; insert: Row } | { table: K; upsert: Row } | { table: K; update: Row; where: Row };

/** A key or lookup value as the engine compares and indexes it. */
export const keyOf = (value: unknown) => String(value);

/** The row(s) a change is about: one key, or every row with a lookup column's value. */
export type RowTarget = { key: string } | { column: string; value: string };

export function changeTarget(spec: TableSpec, change: RowChange): RowTarget {
  if ('insert' in change || 'upsert' in change) {
    const row = 'insert' in change ? change.insert : change.upsert;
    const key = row[spec.key];
    if (key === undefined || key === null) throw new Error(`${change.table}: a row without its key`);
    return { key: keyOf(key) };
  }
  const where = change.where;
  if (where[spec.key] !== undefined) return { key: keyOf(where[spec.key]) };
  const column = (spec.lookups ?? []).find((c) => where[c] !== undefined && where[c] !== null);
  if (!column) throw new Error(`${change.table}: an update must name the key or a lookup column`);
  return { column, value: keyOf(where[column]) };
}
