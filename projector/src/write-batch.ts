import type { Knex } from 'knex';
import type { Row } from './row-changes.ts';
import type { RowWrite } from './table-rows.ts';
import { ident, type TableSpec } from './table-spec.ts';
import type { Park, ViewBatch } from './view-batch.ts';
import { parkedRow } from './park.ts';
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

/** Rows as one json parameter, typed by `json_to_recordset`: no parameter limit, one statement. */
function recordset(columns: ReadonlyArray<readonly [string, string]>): string {
  return `json_to_recordset(?::json) as x(${columns.map(([name, type]) => `${ident(name)} ${type}`).join(', ')})`;
}

/**
 * INSERT ... ON CONFLICT for rows that set the same columns when their key exists; `set: 'new'`
 * is a plain INSERT of rows known to be new (see `plainInserts`).
 */
export function upsertSql(spec: TableSpec, table: string, set: readonly string[] | 'new'): string {
  const columns = Object.entries(spec.columns).map(([name, c]) => [name, c.type] as const);
  const names = columns.map(([name]) => ident(name)).join(', ');
  const insert = `insert into ${ident(table)} (${names}) select ${names} from ${recordset(columns)}`;
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
export function groupWrites(
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
 * Writes folded views in ONE statement (data-modifying CTEs): per table and column set a
 * multi-row upsert, per view its stream checkpoints, the parked events and those no longer
 * parked, each view's position, the caller's `alsoWrite`, and the NOTIFYs announcing the changes
 * (each round trip saved is CPU that a busy machine's command side gets instead).
 */
export async function writeBatch(
  trx: Knex.Transaction,
  views: ReadonlyArray<ViewBatch | ViewBookkeeping>,
  options: {
    malformed?: ReadonlyArray<{ projection: string } & Park>;
    /** Only the parked events and positions: the rows and checkpoints are written already (COPY, planViewRows). */
    bookkeepingOnly?: boolean;
    plainInserts?: boolean;
    alsoWrite?: SqlPart;
    /** pg_notify(channel, payload) for each payload, once the writes are in. */
    notify?: { channel: string; payloads: readonly string[] };
  } = {},
): Promise<void> {
  const parts: string[] = [];
  const bindings: unknown[] = [];
  const parks: Row[] = (options.malformed ?? []).map((p) =>
    parkedRow(p.projection, p.raw, p.reason, p.error),
  );
  const unparked: Row[] = [];
  const positions: Row[] = [];
  for (const view of views) {
    if (!options.bookkeepingOnly && 'tables' in view)
      viewRowParts(view, parts, bindings, options.plainInserts);
    for (const park of view.parks) parks.push(parkedRow(view.target.key, park.raw, park.reason, park.error));
    for (const eventKey of view.unparked) unparked.push({ projection: view.target.key, event_key: eventKey });
    if (view.position > 0) positions.push({ projection: view.target.key, position: view.position });
  }
  if (parks.length > 0) {
    parts.push(
      `insert into parked_events (projection, event_key, position, stream, version, type, reason, error, event)
        select projection, event_key, position, stream, version, type, reason, error, event from ${recordset([
          ['projection', 'text'],
          ['event_key', 'text'],
          ['position', 'bigint'],
          ['stream', 'text'],
          ['version', 'integer'],
          ['type', 'text'],
          ['reason', 'text'],
          ['error', 'text'],
          ['event', 'jsonb'],
        ])}
        on conflict (projection, event_key) do nothing`,
    );
    bindings.push(JSON.stringify(parks));
  }
  if (unparked.length > 0) {
    parts.push(
      `delete from parked_events where (projection, event_key) in (select projection, event_key from ${recordset(
        [
          ['projection', 'text'],
          ['event_key', 'text'],
        ],
      )})`,
    );
    bindings.push(JSON.stringify(unparked));
  }
  if (positions.length > 0) {
    parts.push(
      `insert into projection_status (projection, position, updated_at)
        select projection, position, now() from ${recordset([
          ['projection', 'text'],
          ['position', 'bigint'],
        ])}
        on conflict (projection) do update
        set position = greatest(projection_status.position, excluded.position), updated_at = now()`,
    );
    bindings.push(JSON.stringify(positions));
  }
  if (options.alsoWrite) {
    parts.push(options.alsoWrite.sql);
    bindings.push(...options.alsoWrite.bindings);
  }
  const payloads = options.notify?.payloads ?? [];
  let last = nothingMore;
  if (payloads.length > 0) {
    last = 'select pg_notify(?, payload) from unnest(?::text[]) as payload';
    bindings.push(options.notify!.channel, payloads);
  }
  await runParts(trx, parts, bindings, last);
}

/**
 * One view's rows and stream checkpoints as one statement, built now (the Node side) to run on a
 * transaction later: a batch that writes each view as soon as it is folded (Postgres writes it
 * while the next view folds); `writeBatch` with `bookkeepingOnly` then writes the rest.
 */
export function planViewRows(
  view: ViewBatch,
  options: { plainInserts?: boolean } = {},
): (trx: Knex.Transaction) => Promise<void> {
  const parts: string[] = [];
  const bindings: unknown[] = [];
  viewRowParts(view, parts, bindings, options.plainInserts);
  return (trx) => runParts(trx, parts, bindings);
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
    for (const group of groupWrites(rows.writes(), plainInserts).values()) {
      parts.push(upsertSql(rows.spec, view.target.tables[key]!, group.set));
      bindings.push(JSON.stringify(group.rows));
    }
  }
  if (view.dirtyStreams.size === 0) return;
  const fresh: Row[] = [];
  const stored: Row[] = [];
  for (const stream of view.dirtyStreams) {
    const row = { stream, version: view.versions.get(stream) };
    (plainInserts && !view.storedStreams.has(stream) ? fresh : stored).push(row);
  }
  const checkpoints = `insert into ${ident(view.target.checkpoints)} (stream, version)
      select stream, version from ${recordset([
        ['stream', 'text'],
        ['version', 'integer'],
      ])}`;
  if (fresh.length > 0) {
    parts.push(checkpoints);
    bindings.push(JSON.stringify(fresh));
  }
  if (stored.length > 0) {
    parts.push(`${checkpoints} on conflict (stream) do update set version = excluded.version`);
    bindings.push(JSON.stringify(stored));
  }
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
