import { inSpan, traceMetadata } from '../tracing/tracing.ts';
import type { Knex } from 'knex';
import type { CommandMetadata, ProjectedEnvelope, StoredEvent } from '@building/events/envelope';
import type { AppendRequest, AppendResult, EventStore } from '@building/domain/event-store/event-store';
import { appendBatch, type AppendOutcome, type PendingAppend } from './append-batch.ts';
import { createCoalescedNotify } from './coalesced-notify.ts';
import { ConcurrencyError } from '@building/domain/event-store/concurrency-error';
import { createBatcher } from './batcher.ts';
import { directQuery } from '../postgres/direct-query.ts';
import { prepareEvents, type StreamHead } from '@building/domain/event-store/prepared-event';
import {
  envelopeColumns,
  projectedColumns,
  rowToEnvelope,
  rowToProjected,
  type EventRow,
  type ProjectedRow,
} from './row-to-envelope.ts';

export type { AppendRequest, AppendResult } from '@building/domain/event-store/event-store';

/**
 * Where a reader has got to in the log. Readers walk the log in (txId, position) order: every
 * transaction that can still commit has a txId at or above the oldest in-flight one, so nothing
 * can appear behind this checkpoint later.
 */
export interface TailCheckpoint {
  txId: string;
  position: number;
}

export const startOfLog: TailCheckpoint = { txId: '0', position: 0 };

export interface EventStoreOptions {
  /** Write outbox rows for the Kafka relay (distributed mode). */
  outbox: boolean;
  topicPrefix?: string;
  /**
   * Group commit: how many append statements may run at once; the commands that arrive meanwhile
   * share the next one (default 4; 1 writes one batch at a time).
   */
  maxConcurrentWrites?: number;
  /** Commands in one group commit at most (default 64; 1 turns group commit off). */
  maxBatch?: number;
  /** Test seam: runs inside the append transaction just before it commits (to hold it open). */
  beforeCommit?: () => Promise<void>;
}

export const NOTIFY_CHANNEL = 'events_appended';

// The hot reads (directQuery). One (stream, version) index lookup per stream, whatever the
// statistics: as a plain join (or a lateral subquery Postgres may flatten into one), a young,
// not yet analyzed log was planned as a hash join over a sequential scan of every event, on
// every command. OFFSET 0 keeps the subquery as it is written.
export const readStreamsAfterSql = `select e.*, r.n from unnest($1::text[], $2::int[]) with ordinality as r(stream, after, n)
    cross join lateral (select * from events where stream = r.stream and version > r.after offset 0) e
    order by r.n, e.version`;
const readAfterSql = (columns: string) => `select ${columns}, tx_id::text as tx from events
    where tx_id < pg_snapshot_xmin(pg_current_snapshot()) and (tx_id, position) > ($1::xid8, $2)
    order by tx_id, position limit $3`;
const readEnvelopesAfterSql = readAfterSql(envelopeColumns);
const readProjectedAfterSql = readAfterSql(projectedColumns);

/** The product's event store (the EventStore port), and the log's readers (tailing, audit, rebuilds). */
export class PostgresEventStore implements EventStore {
  readonly db: Knex;
  private readonly commit: (append: PendingAppend) => Promise<number[]>;
  private readonly notify: ReturnType<typeof createCoalescedNotify>;
  private readonly readAfterVersion: (read: { stream: string; after: number }) => Promise<StoredEvent[]>;

  constructor(db: Knex, options: EventStoreOptions = { outbox: false }) {
    this.db = db;
    this.commit = createBatcher((batch: PendingAppend[]) => appendAlone(db, batch, options), {
      maxInFlight: options.maxConcurrentWrites ?? 4,
      maxBatch: options.maxBatch ?? 64,
    });
    this.notify = createCoalescedNotify(db, NOTIFY_CHANNEL);
    this.readAfterVersion = createBatcher((reads) => this.readStreamsAfter(reads), {
      maxInFlight: 4,
      maxBatch: 256,
    });
  }

  /**
   * Appends to one or several streams, all or nothing, with their hash chains and (in the
   * distributed mode) the outbox rows: one statement, shared with the other commands that arrive
   * meanwhile (group commit). Throws ConcurrencyError when a stream moved on.
   */
  append(requests: AppendRequest[], meta: CommandMetadata): Promise<AppendResult> {
    return inSpan('event-store append', () => this.appendTraced(requests, meta));
  }

  private async appendTraced(requests: AppendRequest[], meta: CommandMetadata): Promise<AppendResult> {
    const nonEmpty = requests.filter((r) => r.events.length > 0);
    if (nonEmpty.length === 0) throw new Error('nothing to append');
    const unknown = nonEmpty.filter((r) => r.prevHash === undefined && r.expectedVersion > 0);
    const heads = unknown.length > 0 ? await this.streamHeads(unknown.map((r) => r.stream)) : new Map();
    const events = nonEmpty.flatMap((request) => {
      const head = heads.get(request.stream);
      if (
        request.prevHash === undefined &&
        request.expectedVersion > 0 &&
        head?.version !== request.expectedVersion
      )
        throw new ConcurrencyError(request.stream, request.expectedVersion);
      const prevHash = request.expectedVersion === 0 ? null : (request.prevHash ?? head!.hash);
      return prepareEvents(
        request.stream,
        { version: request.expectedVersion, hash: prevHash },
        request.events,
        meta,
      );
    });
    // The append's trace context goes with its events (to the relay, the projector, the mailer).
    const metadata = traceMetadata();
    if (metadata) for (const event of events) event.metadata = metadata;
    const positions = await this.commit({ events });
    this.notify.poke();
    const stored = events.map((event, i) => ({ ...event, position: positions[i]! }));
    return { events: stored, position: Math.max(...positions) };
  }

  /** Each stream's head (absent when the stream has no events), in one read. */
  async streamHeads(streams: readonly string[]): Promise<Map<string, StreamHead>> {
    const rows: Array<{ stream: string; version: number; hash: string }> = await this.db('events')
      .distinctOn('stream')
      .select('stream', 'version', 'hash')
      .whereIn('stream', streams)
      .orderBy([{ column: 'stream' }, { column: 'version', order: 'desc' }]);
    return new Map(rows.map((row) => [row.stream, { version: row.version, hash: row.hash }]));
  }

  /** Sends the pending NOTIFY (call before destroying the pool). */
  async flush(): Promise<void> {
    await this.notify.flush();
  }

  async readStream(stream: string): Promise<StoredEvent[]> {
    const rows: EventRow[] = await this.db('events').where({ stream }).orderBy('version');
    return rows.map(rowToEnvelope);
  }

  /**
   * A stream's events after version `after` (a cached aggregate's catch-up). Reads that arrive
   * together, from concurrent commands, share one query.
   */
  readStreamAfter(stream: string, after: number): Promise<StoredEvent[]> {
    return this.readAfterVersion({ stream, after });
  }

  /** Several streams' events after their given versions, in one query; one list per read, in version order. */
  async readStreamsAfter(reads: ReadonlyArray<{ stream: string; after: number }>): Promise<StoredEvent[][]> {
    const rows = await directQuery<EventRow & { n: string }>(this.db, readStreamsAfterSql, [
      reads.map((r) => r.stream),
      reads.map((r) => r.after),
    ]);
    const events: StoredEvent[][] = reads.map(() => []);
    for (const row of rows) events[Number(row.n) - 1]!.push(rowToEnvelope(row));
    return events;
  }

  /** The current version of each stream asked for (0 when it has no events). */
  async streamVersion(stream: string): Promise<number> {
    const row = await this.db('events').where({ stream }).max('version as v').first();
    return Number(row?.v ?? 0);
  }

  /**
   * The next committed events after `checkpoint`, never skipping one whose transaction commits
   * late: only transactions older than the oldest one still running are read.
   */
  async readAfter(
    checkpoint: TailCheckpoint,
    limit = 500,
  ): Promise<{ events: StoredEvent[]; checkpoint: TailCheckpoint }> {
    return this.readCommittedAfter(readEnvelopesAfterSql, rowToEnvelope, checkpoint, limit);
  }

  /** readAfter with only what projections read of each event (no actor, correlation or hash chain). */
  async readProjectedAfter(
    checkpoint: TailCheckpoint,
    limit = 500,
  ): Promise<{ events: ProjectedEnvelope[]; checkpoint: TailCheckpoint }> {
    return this.readCommittedAfter(readProjectedAfterSql, rowToProjected, checkpoint, limit);
  }

  private async readCommittedAfter<R extends ProjectedRow, E>(
    sql: string,
    toEvent: (row: R) => E,
    checkpoint: TailCheckpoint,
    limit: number,
  ): Promise<{ events: E[]; checkpoint: TailCheckpoint }> {
    const rows = await directQuery<R & { tx: string }>(this.db, sql, [
      checkpoint.txId,
      checkpoint.position,
      limit,
    ]);
    const last = rows.at(-1);
    return {
      events: rows.map(toEvent),
      checkpoint: last ? { txId: last.tx, position: Number(last.position) } : checkpoint,
    };
  }

  /**
   * Every event in position order, in pages (audit, rebuilds); `from` is exclusive. The next page
   * is read while the caller works on this one.
   */
  async *readAll(
    options: { from?: number; batchSize?: number; types?: string[] } = {},
  ): AsyncGenerator<StoredEvent[]> {
    const page = (after: number): Promise<EventRow[]> => {
      const query = this.db('events')
        .select(this.db.raw(envelopeColumns))
        .where('position', '>', after)
        .orderBy('position')
        .limit(options.batchSize ?? 1000);
      if (options.types) query.whereIn('type', options.types);
      const rows: Promise<EventRow[]> = query.then((r: EventRow[]) => r);
      // A caller that stops early leaves the read ahead unawaited: not an unhandled rejection.
      rows.catch(() => {});
      return rows;
    };
    let next = page(options.from ?? 0);
    for (;;) {
      const rows = await next;
      if (rows.length === 0) return;
      next = page(Number(rows.at(-1)!.position));
      yield rows.map(rowToEnvelope);
    }
  }

  async lastPosition(): Promise<number> {
    const row = await this.db('events').max('position as p').first();
    return Number(row?.p ?? 0);
  }

  async eventAt(position: number): Promise<StoredEvent | null> {
    const row: EventRow | undefined = await this.db('events').where({ position }).first();
    return row ? rowToEnvelope(row) : null;
  }
}

/**
 * A batch that failed for a reason other than a lost race (which appendBatch reports per command)
 * is tried again one command at a time, so that only the command at fault gets the error.
 */
async function appendAlone(
  db: Knex,
  batch: PendingAppend[],
  options: EventStoreOptions,
): Promise<AppendOutcome[]> {
  try {
    return await appendBatch(db, batch, options);
  } catch (error) {
    if (batch.length === 1) throw error;
    return Promise.all(
      batch.map((append) =>
        appendBatch(db, [append], options).then(
          ([outcome]) => outcome!,
          (alone: unknown) => (alone instanceof Error ? alone : new Error(String(alone))),
        ),
      ),
    );
  }
}
