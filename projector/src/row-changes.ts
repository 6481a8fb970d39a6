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
