import { changeTarget, keyOf, type Row, type RowChange, type RowTarget } from './row-changes.ts';
import { defaultRow, type TableSpec } from './table-spec.ts';

const same = (a: unknown, b: unknown) =>
  a === null || a === undefined || b === null || b === undefined
    ? (a ?? null) === (b ?? null)
    : keyOf(a) === keyOf(b);

/**
 * Throws when a change cannot apply to a table of `spec` whatever its rows: no key or lookup, an
 * unknown column. Returns the row(s) it is about.
 */
export function checkChange(spec: TableSpec, change: RowChange): RowTarget {
  const target = changeTarget(spec, change);
  if (spec.insertOnly && !('insert' in change)) throw new Error(`${change.table} takes inserts only`);
  const row = 'insert' in change ? change.insert : 'upsert' in change ? change.upsert : change.update;
  for (const column in row) {
    if (!(column in spec.columns)) throw new Error(`no column ${column} in ${change.table}`);
  }
  return target;
}

/**
 * One event's changes to a view's tables, whole or not at all: every change is checked before
 * any applies (a change that cannot apply throws, and the event is parked).
 */
export function applyChanges(tables: Readonly<Record<string, TableRows>>, changes: readonly RowChange[]) {
  const table = (key: string) => {
    const rows = tables[key];
    if (!rows) throw new Error(`no table ${key}`);
    return rows;
  };
  for (const change of changes) checkChange(table(change.table).spec, change);
  for (const change of changes) table(change.table).apply(change);
}

/**
 * One view table's rows as a batch folds them: the rows its changes name, as loaded (or, in a
 * rebuild, the whole table, which starts empty), changed in memory. The load fills `loaded*` and
 * `pending` (load-batch.ts); the write reads `created` and `changed` (write-batch.ts).
 */
export class TableRows {
  readonly rows = new Map<string, Row>();
  /** Keys and lookup values read from the table (absent ones stay absent). */
  readonly loadedKeys = new Set<string>();
  readonly loadedLookups = new Map<string, Set<string>>();
  /** Rows loaded and not yet taken in (indexed) by the fold. */
  readonly pending: Row[] = [];
  /** Keys the batch created, and per key the columns it changed. */
  readonly created = new Set<string>();
  readonly changed = new Map<string, Set<string>>();
  readonly spec: TableSpec;
  /** True when every row of the table is in memory (a rebuild), so nothing is ever loaded. */
  readonly complete: boolean;
  private readonly lookupIndex = new Map<string, Map<string, Set<string>>>();
  private readonly defaults: Row;

  constructor(spec: TableSpec, complete = false) {
    this.spec = spec;
    this.complete = complete;
    this.defaults = defaultRow(spec);
    for (const column of spec.lookups ?? []) {
      this.lookupIndex.set(column, new Map());
      this.loadedLookups.set(column, new Set());
    }
  }

  apply(change: RowChange): void {
    if (this.pending.length > 0) this.takeLoaded();
    if ('insert' in change) {
      const key = keyOf(change.insert[this.spec.key]);
      if (this.rows.has(key)) return;
      this.markCreated(key);
      this.put(key, { ...this.defaults, ...change.insert });
    } else if ('upsert' in change) {
      const key = keyOf(change.upsert[this.spec.key]);
      const existing = this.rows.get(key);
      if (!existing) {
        this.markCreated(key);
        this.put(key, { ...this.defaults, ...change.upsert });
      } else this.assign(key, existing, change.upsert);
      this.markChanged(key, change.upsert);
    } else {
      for (const key of this.matching(change.where)) {
        this.assign(key, this.rows.get(key)!, change.update);
        this.markChanged(key, change.update);
      }
    }
  }

  get size(): number {
    return this.rows.size;
  }

  /** Every row held (a rebuild writes them all). */
  all(): IterableIterator<Row> {
    return this.rows.values();
  }

  private takeLoaded(): void {
    for (const row of this.pending.splice(0)) {
      const key = keyOf(row[this.spec.key]);
      if (!this.rows.has(key)) this.put(key, row);
    }
  }

  private matching(where: Row): string[] {
    const target = changeTarget(this.spec, { table: '', update: {}, where });
    const candidates =
      'key' in target ? [target.key] : [...(this.lookupIndex.get(target.column)!.get(target.value) ?? [])];
    return candidates.filter((key) => {
      const row = this.rows.get(key);
      return row !== undefined && Object.entries(where).every(([c, v]) => same(row[c], v));
    });
  }

  private put(key: string, row: Row): void {
    this.rows.set(key, row);
    for (const [column, index] of this.lookupIndex) {
      const value = keyOf(row[column]);
      const keys = index.get(value) ?? new Set<string>();
      keys.add(key);
      index.set(value, keys);
    }
  }

  private assign(key: string, row: Row, values: Row): void {
    for (const [column, index] of this.lookupIndex) {
      if (column in values) index.get(keyOf(row[column]))?.delete(key);
    }
    Object.assign(row, values);
    for (const [column, index] of this.lookupIndex) {
      if (!(column in values)) continue;
      const keys = index.get(keyOf(row[column])) ?? new Set<string>();
      keys.add(key);
      index.set(keyOf(row[column]), keys);
    }
  }

  // A complete table is written whole (`all()`): what changed is not needed, so not kept.
  private markCreated(key: string): void {
    if (!this.complete) this.created.add(key);
  }

  private markChanged(key: string, values: Row): void {
    if (this.complete) return;
    const set = this.changed.get(key) ?? new Set<string>();
    for (const column of Object.keys(values)) set.add(column);
    this.changed.set(key, set);
  }
}
