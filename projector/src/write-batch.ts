import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Row } from './row-changes.ts';
import type { ViewChange } from '@building/events/read-models/view-changes';
import { notifyPayloads } from './notify-payloads.ts';
import type { TableRows } from './table-rows.ts';
import { ident, type TableSpec } from './table-spec.ts';
import type { Park, ParkReason, ViewBatch } from './view-batch.ts';
import type { ProjectionTarget } from './projection-target.ts';

/** A statement with `?` bindings, written as one more part of a batch's write. */
export interface SqlPart {
  sql: string;
  bindings: readonly unknown[];
}

/** What a write records of a view besides its rows: parked events, those no longer parked, its position. */
export interface ViewBookkeeping {
  target: ProjectionTarget;
  parks: readonly Park[];
  unparked: readonly string[];
  position: number;
}

/** A statement's last part when it has nothing to return. */
const nothingMore = 'select 1';

/**
 * Rows as one array parameter per column, typed and zipped by `unnest`: no parameter limit, one
 * statement, and Postgres reads an array of values about twice as fast as the same rows as JSON
 * (a page's writes spent a third of their time parsing it).
 */
function rowSource(
  columns: ReadonlyArray<readonly [string, string]>,
  rows: readonly Row[],
  bindings: unknown[],
): string {
  for (const [name, type] of columns) bindings.push(arrayLiteral(rows, name, type));
  return `unnest(${columns.map(([, type]) => `?::${type}[]`).join(', ')}) as x(${columns.map(([name]) => ident(name)).join(', ')})`;
}

/**
 * One column of `rows` as a Postgres array literal. A JSON array of strings, numbers, booleans
 * and nulls is one already but for its brackets and JSON's own escapes (`\\n`, `\\u0001`...),
 * which an array literal would read as the letter: values needing one of those take the slow
 * way, value by value. An object (any value of a jsonb column) goes as its JSON text.
 */
function arrayLiteral(rows: readonly Row[], column: string, type: string): string {
  const values = rows.map((row) => {
    const value = row[column];
    if (value === null || value === undefined) return value;
    if (type === 'jsonb') return JSON.stringify(value);
    return typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value;
  });
  const json = JSON.stringify(values);
  return jsonEscape.test(json) ? `{${values.map(element).join(',')}}` : `{${json.slice(1, -1)}}`;
}
const jsonEscape = /\\[bfnrtu]/;

/** One value of an array literal: quoted, `"` and `\\` escaped. */
function element(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text =
    typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : String(value);
  return `"${text.replace(needsEscape, '\\$&')}"`;
}
const needsEscape = /["\\]/g;

/**
 * INSERT ... ON CONFLICT for rows that set the same columns when their key exists; `set: 'new'`
 * is a plain INSERT of rows known to be new (see `plainInserts`).
 */
function upsertSql(
  spec: TableSpec,
  table: string,
  set: readonly string[] | 'new',
  rows: readonly Row[],
  bindings: unknown[],
): string {
  const columns = Object.entries(spec.columns).map(([name, c]) => [name, c.type] as const);
  const names = columns.map(([name]) => ident(name)).join(', ');
  const insert = `insert into ${ident(table)} (${names}) select ${names} from ${rowSource(columns, rows, bindings)}`;
  if (set === 'new') return insert;
  const onConflict =
    set.length === 0
      ? 'do nothing'
      : `do update set ${set.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`;
  return `${insert}
    on conflict (${ident(spec.key)}) ${onConflict}`;
}

/**
 * Groups a table's writes by the columns they set: one statement per group. With `plainInserts`,
 * the rows the batch created make one group of their own ('new').
 */
function groupWrites(
  writes: readonly RowWrite[],
  plainInserts = false,
): Map<string, { set: readonly string[] | 'new'; rows: Row[] }> {
  const groups = new Map<string, { set: readonly string[] | 'new'; rows: Row[] }>();
  for (const write of writes) {
    const set = plainInserts && write.created ? 'new' : write.set;
    const signature = set === 'new' ? '\u0000new' : set.join(',');
    const group = groups.get(signature) ?? { set, rows: [] };
    group.rows.push(write.row);
    groups.set(signature, group);
  }
  return groups;
}

/**
 * The engine's last step: folded views written in ONE statement (data-modifying CTEs): per table
 * and column set a multi-row upsert and per view its stream checkpoints; with them, for the views
 * in `bookkeeping`, the parked events and those no longer parked and each view's position; the
 * malformed events, the caller's `alsoWrite`, and the NOTIFYs announcing the changes of the views
 * in `announce` (each round trip saved is CPU that a busy machine's command side gets instead).
 * Built now (the Node side), run later on the batch's transaction; `changes` are the merged view
 * changes of `announce`.
 */
export function planWrite(
  views: readonly ViewBatch[],
  options: {
    plainInserts?: boolean;
    bookkeeping?: ReadonlyArray<ViewBookkeeping>;
    malformed?: ReadonlyArray<{ projection: string } & Park>;
    alsoWrite?: SqlPart;
    /** Merge these views' changes; with a channel, pg_notify them on it once the writes are in. */
    announce?: { views: readonly ViewBatch[]; channel?: string };
  } = {},
): { statement: (trx: Knex.Transaction) => Promise<void>; changes: ViewChange[] } {
  const parts: string[] = [];
  const bindings: unknown[] = [];
  for (const view of views) viewRowParts(view, parts, bindings, options.plainInserts);
  const parks: Row[] = (options.malformed ?? []).map((p) =>
    parkedRow(p.projection, p.raw, p.reason, p.error),
  );
  const unparked: Row[] = [];
  const positions: Row[] = [];
  for (const view of options.bookkeeping ?? []) {
    for (const park of view.parks) parks.push(parkedRow(view.target.key, park.raw, park.reason, park.error));
    for (const eventKey of view.unparked) unparked.push({ projection: view.target.key, event_key: eventKey });
    if (view.position > 0) positions.push({ projection: view.target.key, position: view.position });
  }
  if (parks.length > 0) {
    parts.push(
      `insert into parked_events (projection, event_key, position, stream, version, type, reason, error, event)
        select projection, event_key, position, stream, version, type, reason, error, event from ${rowSource(
          [
            ['projection', 'text'],
            ['event_key', 'text'],
            ['position', 'bigint'],
            ['stream', 'text'],
            ['version', 'integer'],
            ['type', 'text'],
            ['reason', 'text'],
            ['error', 'text'],
            ['event', 'jsonb'],
          ],
          parks,
          bindings,
        )}
        on conflict (projection, event_key) do nothing`,
    );
  }
  if (unparked.length > 0) {
    parts.push(
      `delete from parked_events where (projection, event_key) in (select projection, event_key from ${rowSource(
        [
          ['projection', 'text'],
          ['event_key', 'text'],
        ],
        unparked,
        bindings,
      )})`,
    );
  }
  if (positions.length > 0) {
    parts.push(
      `insert into projection_status (projection, position, updated_at)
        select projection, position, now() from ${rowSource(
          [
            ['projection', 'text'],
            ['position', 'bigint'],
          ],
          positions,
          bindings,
        )}
        on conflict (projection) do update
        set position = greatest(projection_status.position, excluded.position), updated_at = now()`,
    );
  }
  if (options.alsoWrite) {
    parts.push(options.alsoWrite.sql);
    bindings.push(...options.alsoWrite.bindings);
  }
  const changes = mergeChanges(options.announce?.views ?? []);
  const payloads = options.announce?.channel ? notifyPayloads(changes) : [];
  let last = nothingMore;
  if (payloads.length > 0) {
    last = 'select pg_notify(?, payload) from unnest(?::text[]) as payload';
    bindings.push(options.announce!.channel, payloads);
  }
  return { statement: (trx) => runParts(trx, parts, bindings, last), changes };
}

function mergeChanges(views: readonly ViewBatch[]): ViewChange[] {
  const merged = new Map<string, ViewChange>();
  for (const view of views) {
    for (const change of view.changes.values()) {
      const key = `${change.view}\u0000${change.owner ?? ''}`;
      const previous = merged.get(key);
      if (!previous || change.position > previous.position) merged.set(key, change);
    }
  }
  return [...merged.values()];
}

/** A parked_events row for an event a view could not apply; parking one event twice is a no-op. */
function parkedRow(projection: string, raw: unknown, reason: ParkReason, error: string): Row {
  const envelope = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const text = JSON.stringify(raw) ?? 'null';
  const int = (value: unknown) => (Number.isSafeInteger(value) ? (value as number) : null);
  const str = (value: unknown) => (typeof value === 'string' ? value.slice(0, 500) : null);
  return {
    projection,
    event_key: str(envelope.id) ?? createHash('sha256').update(text).digest('hex'),
    position: int(envelope.position),
    stream: str(envelope.stream),
    version: int(envelope.version),
    type: str(envelope.type),
    reason,
    error: error.slice(0, 2000),
    // jsonb rejects NUL characters; keep what can be kept.
    event: JSON.parse(text.replaceAll('\\u0000', '')) as unknown,
  };
}

/** A changed row to write: new rows are inserted whole; existing ones get the columns that changed. */
interface RowWrite {
  row: Row;
  /** Columns to set when the key exists in the table by the time of the write. */
  set: readonly string[];
  /** The key was not in the table when the batch loaded it: the row is new, written whole. */
  created: boolean;
}

/** What a table's fold must write back: created rows whole, existing ones with the columns that changed. */
function rowWrites(table: TableRows): RowWrite[] {
  const writes: RowWrite[] = [];
  for (const key of new Set([...table.created, ...table.changed.keys()])) {
    const set = [...(table.changed.get(key) ?? [])].filter((c) => c !== table.spec.key).sort();
    writes.push({ row: table.rows.get(key)!, set, created: table.created.has(key) });
  }
  return writes;
}

/**
 * Per table and column set a multi-row upsert, then the view's stream checkpoints. With
 * `plainInserts`, the rows and checkpoints the batch found absent when it loaded them (under its
 * row locks) are plain INSERTs: no conflict check before each row, one WAL record less per row.
 * Only another writer creating one of them meanwhile makes the statement fail (a unique
 * violation); the batch is then applied again event by event, with ON CONFLICT.
 */
function viewRowParts(view: ViewBatch, parts: string[], bindings: unknown[], plainInserts = false): void {
  for (const [key, rows] of Object.entries(view.tables)) {
    for (const group of groupWrites(rowWrites(rows), plainInserts).values()) {
      parts.push(upsertSql(rows.spec, view.target.tables[key]!, group.set, group.rows, bindings));
    }
  }
  if (view.dirtyStreams.size === 0) return;
  const fresh: Row[] = [];
  const stored: Row[] = [];
  for (const stream of view.dirtyStreams) {
    const row = { stream, version: view.versions.get(stream) };
    (plainInserts && !view.storedStreams.has(stream) ? fresh : stored).push(row);
  }
  const checkpoints = (
    rows: readonly Row[],
  ) => `insert into ${ident(view.target.checkpoints)} (stream, version)
      select stream, version from ${rowSource(
        [
          ['stream', 'text'],
          ['version', 'integer'],
        ],
        rows,
        bindings,
      )}`;
  if (fresh.length > 0) parts.push(checkpoints(fresh));
  if (stored.length > 0)
    parts.push(`${checkpoints(stored)} on conflict (stream) do update set version = excluded.version`);
}

/** The parts as data-modifying CTEs of one statement, ending with `last`. */
async function runParts(
  trx: Knex.Transaction,
  parts: readonly string[],
  bindings: readonly unknown[],
  last = nothingMore,
) {
  if (parts.length === 0 && last === nothingMore) return;
  await trx.raw(
    parts.length > 0 ? `with ${parts.map((p, i) => `w${i} as (${p})`).join(',\n')} ${last}` : last,
    bindings as Knex.RawBinding[],
  );
}
