import type { Row, RowChange } from './row-changes.ts';
import { defaultRow, type TableSpec } from './table-spec.ts';

const keyOf = (value: unknown) => String(value);
const same = (a: unknown, b: unknown) =>
  a === null || a === undefined || b === null || b === undefined
    ? (a ?? null) === (b ?? null)
    : keyOf(a) === keyOf(b);

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

/** Throws when a change cannot apply to a table of `spec` whatever its rows: no key or lookup, an unknown column. */
export function checkChange(spec: TableSpec, change: RowChange): void {
  changeTarget(spec, change);
  const row = 'insert' in change ? change.insert : 'upsert' in change ? change.upsert : change.update;
  for (const column of Object.keys(row)) {
    if (!(column in spec.columns)) throw new Error(`no column ${column} in ${change.table}`);
  }
}

/** A changed row to write: new rows are inserted whole; existing ones get the columns that changed. */
export interface RowWrite {
  row: Row;
  /** Columns to set when the key exists in the table by the time of the write. */
  set: readonly string[];
  /** The key was not in the table when the batch loaded it: the row is new, written whole. */
  created: boolean;
}

/**
 * One view table's rows as a batch sees them: the rows the batch's changes name, loaded once (or,
 * in a rebuild, the whole table, which starts empty), then changed in memory. `writes()` is what
 * the batch must write back.
 */
export class TableRows {
  private readonly rows = new Map<string, Row>();
  private readonly loadedKeys = new Set<string>();
  private readonly loadedLookups = new Map<string, Set<string>>();
  private readonly lookupIndex = new Map<string, Map<string, Set<string>>>();
  private readonly created = new Set<string>();
  private readonly changed = new Map<string, Set<string>>();

  readonly spec: TableSpec;
  /** True when every row of the table is in memory (a rebuild), so nothing is ever loaded. */
  private readonly complete: boolean;
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

  /** What must be loaded before `change` can apply: key values and lookup values not yet loaded. */
  needs(change: RowChange): { keys: string[]; lookups: Array<[string, string]> } {
    const needs = { keys: [] as string[], lookups: [] as Array<[string, string]> };
    if (this.complete) return needs;
    const target = this.target(change);
    if ('key' in target) {
      if (!this.loadedKeys.has(target.key)) needs.keys.push(target.key);
    } else if (!this.loadedLookups.get(target.column)!.has(target.value)) {
      needs.lookups.push([target.column, target.value]);
    }
    return needs;
  }

  /** Rows read from the table for these keys / lookup values (absent keys stay absent). */
  loaded(rows: readonly Row[], keys: readonly string[], lookups: ReadonlyArray<[string, string]>): void {
    for (const key of keys) this.loadedKeys.add(key);
    for (const [column, value] of lookups) this.loadedLookups.get(column)!.add(value);
    for (const row of rows) {
      const key = keyOf(row[this.spec.key]);
      this.loadedKeys.add(key);
      if (!this.rows.has(key)) this.put(key, row);
    }
  }

  /** Throws (before anything changes) when a change names no key or lookup of this table. */
  check(change: RowChange): void {
    checkChange(this.spec, change);
  }

  apply(change: RowChange): void {
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
      } else this.set(key, existing, change.upsert);
      this.markChanged(key, change.upsert);
    } else {
      for (const key of this.matching(change.where)) {
        this.set(key, this.rows.get(key)!, change.update);
        this.markChanged(key, change.update);
      }
    }
  }

  /** The rows to write: created ones whole, existing ones with the columns that changed. */
  writes(): RowWrite[] {
    const writes: RowWrite[] = [];
    const keys = new Set([...this.created, ...this.changed.keys()]);
    for (const key of keys) {
      const set = [...(this.changed.get(key) ?? [])].filter((c) => c !== this.spec.key).sort();
      writes.push({ row: this.rows.get(key)!, set, created: this.created.has(key) });
    }
    return writes;
  }

  get size(): number {
    return this.rows.size;
  }

  /** Every row held (a rebuild writes them all). */
  all(): IterableIterator<Row> {
    return this.rows.values();
  }

  private target(change: RowChange): RowTarget {
    return changeTarget(this.spec, change);
  }

  private matching(where: Row): string[] {
    const target = this.target({ table: '', update: {}, where });
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

  private set(key: string, row: Row, values: Row): void {
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
