import type { Knex } from 'knex';
import { categoryOfStream, topicFor } from '@building/events/streams';
import { ConcurrencyError } from '@building/domain/event-store/concurrency-error';
import type { PreparedEvent } from '@building/domain/event-store/prepared-event';
import type { PgConnection } from '../postgres/direct-query.ts';
import { appendBatchSize, appendsTotal } from '../metrics/metrics.ts';

/** One command's append: its events over one or several streams, recorded all or nothing. */
export interface PendingAppend {
  events: PreparedEvent[];
}

/** Per command of a batch: the positions of its events (in order), or why it was not recorded. */
export type AppendOutcome = number[] | Error;

export interface BatchOptions {
  outbox: boolean;
  topicPrefix?: string;
  /** Test seam: runs inside the transaction just before it commits (to hold it open). */
  beforeCommit?: () => Promise<void>;
}

/** The events table's columns: name, the array type they travel as, and the value of an event. */
const columns: ReadonlyArray<readonly [string, string, (event: PreparedEvent) => unknown]> = [
  ['id', 'uuid', (e) => e.id],
  ['stream', 'text', (e) => e.stream],
  ['version', 'int', (e) => e.version],
  ['type', 'text', (e) => e.type],
  ['schema_version', 'int', (e) => e.schemaVersion],
  ['data', 'text', (e) => JSON.stringify(e.data)],
  ['occurred_at', 'timestamptz', (e) => e.occurredAt],
  ['actor', 'text', (e) => JSON.stringify(e.actor)],
  ['correlation_id', 'uuid', (e) => e.correlationId],
  ['causation_id', 'uuid', (e) => e.causationId],
  ['prev_hash', 'text', (e) => e.prevHash],
  ['hash', 'text', (e) => e.hash],
  ['metadata', 'text', (e) => (e.metadata ? JSON.stringify(e.metadata) : null)],
];

/**
 * The whole append in one statement: the events from parallel arrays, then (distributed mode) their
 * outbox rows from what was inserted. With `skipConflicts` a row whose (stream, version) is taken
 * is left out instead of failing the statement, so one command's lost race does not sink the
 * others of its batch; the rows that come back say who got in.
 */
function appendSql(outbox: boolean, skipConflicts: boolean): string {
  const all = outbox ? [...columns, ['topic', 'text'] as const] : columns;
  const names = columns.map(([name]) => name).join(', ');
  const values = columns
    .map(([name]) => (['data', 'actor', 'metadata'].includes(name) ? `${name}::jsonb` : name))
    .join(', ');
  return `with input as (
      select * from unnest(${all.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})
        with ordinality as input(${all.map(([name]) => name).join(', ')}, ord)
    ), inserted as (
      insert into events (${names})
      select ${values} from input order by ord
      ${skipConflicts ? 'on conflict (stream, version) do nothing' : ''}
      returning id, position, stream
    )${
      outbox
        ? `, published as (
      insert into outbox (position, topic, key)
      select inserted.position, input.topic, inserted.stream from inserted join input using (id)
    )`
        : ''
    }
    select id, position from inserted`;
}

const statements = new Map<string, string>();
function statement(outbox: boolean, skipConflicts: boolean) {
  const name = `append_events${outbox ? '_outbox' : ''}${skipConflicts ? '_skip' : ''}`;
  let text = statements.get(name);
  if (!text) statements.set(name, (text = appendSql(outbox, skipConflicts)));
  return { name, text };
}

/**
 * Records a batch of commands' appends in one round trip where it can: a batch of one, or of
 * single-event commands, is one autocommitted statement (a command is then wholly in or out). A
 * batch holding a multi-event command runs in a transaction, and a command that got only some of
 * its rows in has them deleted again before the commit: each command stays all or nothing, and
 * each lost race is reported to its own command as a ConcurrencyError. (A command that lost only
 * to such a deleted row hears of a conflict too, and re-decides like any loser.)
 */
export async function appendBatch(
  db: Knex,
  batch: readonly PendingAppend[],
  options: BatchOptions,
): Promise<AppendOutcome[]> {
  const rows = batch.flatMap((append) => append.events);
  const skipConflicts = batch.length > 1;
  const inTransaction =
    options.beforeCommit !== undefined || (skipConflicts && batch.some((a) => a.events.length > 1));
  const values = columns.map(([, , value]) => rows.map(value));
  if (options.outbox)
    values.push(rows.map((row) => topicFor(categoryOfStream(row.stream), options.topicPrefix)));

  const connection = (await db.client.acquireConnection()) as PgConnection;
  let open = false;
  try {
    if (inTransaction) {
      await connection.query('begin');
      open = true;
    }
    let inserted: Array<Record<string, string>>;
    try {
      ({ rows: inserted } = await connection.query<Record<string, string>>({
        ...statement(options.outbox, skipConflicts),
        values,
      }));
    } catch (error) {
      const lost = skipConflicts ? null : conflictOf(error, batch[0]!);
      if (!lost) throw error;
      if (open) await connection.query('rollback');
      open = false;
      return [lost];
    }
    const positions = new Map(inserted.map((row) => [row.id!, Number(row.position)]));
    const outcomes: AppendOutcome[] = batch.map((append) => {
      const missing = append.events.find((event) => !positions.has(event.id));
      return missing ? lostRace(append, missing) : append.events.map((event) => positions.get(event.id)!);
    });
    const partial = batch
      .filter((append, i) => outcomes[i] instanceof Error)
      .flatMap((append) => append.events.filter((event) => positions.has(event.id)))
      .map((event) => positions.get(event.id)!);
    if (partial.length > 0) {
      await connection.query({
        text: 'delete from outbox where position = any($1::bigint[])',
        values: [partial],
      });
      await connection.query({
        text: 'delete from events where position = any($1::bigint[])',
        values: [partial],
      });
    }
    await options.beforeCommit?.();
    if (open) {
      await connection.query('commit');
      open = false;
    }
    appendsTotal.inc();
    appendBatchSize.observe(inserted.length - partial.length);
    return outcomes;
  } finally {
    if (open) await connection.query('rollback').catch(() => {});
    await db.client.releaseConnection(connection);
  }
}

/** The stream that moved on, at the version the command expected it. */
const lostRace = (append: PendingAppend, event: PreparedEvent) => {
  const first = append.events.find((e) => e.stream === event.stream)!;
  return new ConcurrencyError(event.stream, first.version - 1);
};

/** The unique (stream, version) index turns a lost race into a typed conflict. */
function conflictOf(error: unknown, append: PendingAppend): ConcurrencyError | null {
  const pgError = error as { code?: string; constraint?: string; detail?: string };
  if (pgError.code !== '23505' || pgError.constraint === 'events_id_key') return null;
  const event = append.events.find((e) => pgError.detail?.includes(`(${e.stream}, ${e.version})`));
  return lostRace(append, event ?? append.events[0]!);
}
