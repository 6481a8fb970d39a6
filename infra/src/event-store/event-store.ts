import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import type { CommandMetadata, NewEvent, StoredEvent } from '@building/events/envelope';
import { hashEvent, type HashedFields } from '@building/events/hash-chain';
import { currentSchemaVersion, isEventType } from '@building/events/catalogue';
import { categoryOfStream, topicFor } from '@building/events/streams';
import { ConcurrencyError } from './errors.ts';
import { rowToEnvelope, type EventRow } from './row-to-envelope.ts';

export interface AppendRequest {
  stream: string;
  /** The version the decision was made at: 0 for a stream that must not exist yet. */
  expectedVersion: number;
  events: NewEvent[];
}

export interface AppendResult {
  events: StoredEvent[];
  /** The global position of the last appended event (read-your-writes). */
  position: number;
}

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
  /** Test seam: runs inside the append transaction just before it commits (to hold it open). */
  beforeCommit?: () => Promise<void>;
}

export const NOTIFY_CHANNEL = 'events_appended';

export class PostgresEventStore {
  readonly db: Knex;
  private readonly options: EventStoreOptions;

  constructor(db: Knex, options: EventStoreOptions = { outbox: false }) {
    this.db = db;
    this.options = options;
  }

  /**
   * Appends to one or several streams in one transaction, with their hash chains and (in the
   * distributed mode) the outbox rows. Throws ConcurrencyError when a stream moved on.
   */
  async append(requests: AppendRequest[], meta: CommandMetadata): Promise<AppendResult> {
    const nonEmpty = requests.filter((r) => r.events.length > 0);
    if (nonEmpty.length === 0) throw new Error('nothing to append');
    try {
      return await this.db.transaction(async (trx) => {
        const stored: StoredEvent[] = [];
        for (const request of nonEmpty) stored.push(...(await this.appendToStream(trx, request, meta)));
        if (this.options.outbox) {
          await trx('outbox').insert(
            stored.map((e) => ({
              position: e.position,
              topic: topicFor(categoryOfStream(e.stream), this.options.topicPrefix),
              key: e.stream,
            })),
          );
        }
        await trx.raw('select pg_notify(?, ?)', [NOTIFY_CHANNEL, '']);
        await this.options.beforeCommit?.();
        return { events: stored, position: Math.max(...stored.map((e) => e.position)) };
      });
    } catch (error) {
      const conflict = conflictOf(error, nonEmpty);
      if (conflict) throw conflict;
      throw error;
    }
  }

  private async appendToStream(
    trx: Knex.Transaction,
    request: AppendRequest,
    meta: CommandMetadata,
  ): Promise<StoredEvent[]> {
    const head = await trx('events')
      .where({ stream: request.stream })
      .orderBy('version', 'desc')
      .first('version', 'hash');
    const currentVersion = head ? Number(head.version) : 0;
    if (currentVersion !== request.expectedVersion)
      throw new ConcurrencyError(request.stream, request.expectedVersion);
    let prevHash: string | null = head ? String(head.hash) : null;
    const stored: StoredEvent[] = [];
    for (const [index, event] of request.events.entries()) {
      const fields: HashedFields = {
        id: randomUUID(),
        stream: request.stream,
        version: currentVersion + index + 1,
        type: event.type,
        schemaVersion: isEventType(event.type) ? currentSchemaVersion[event.type] : 1,
        data: event.data,
        occurredAt: meta.now.toISOString(),
        actor: meta.actor,
        correlationId: meta.correlationId,
        causationId: meta.causationId ?? null,
        prevHash,
      };
      const hash = hashEvent(fields);
      const [row] = await trx('events')
        .insert({
          id: fields.id,
          stream: fields.stream,
          version: fields.version,
          type: fields.type,
          schema_version: fields.schemaVersion,
          data: JSON.stringify(fields.data),
          occurred_at: fields.occurredAt,
          actor: JSON.stringify(fields.actor),
          correlation_id: fields.correlationId,
          causation_id: fields.causationId,
          prev_hash: fields.prevHash,
          hash,
        })
        .returning('position');
      stored.push({ ...fields, hash, position: Number((row as { position: string }).position) });
      prevHash = hash;
    }
    return stored;
  }

  async readStream(stream: string): Promise<StoredEvent[]> {
    const rows: EventRow[] = await this.db('events').where({ stream }).orderBy('version');
    return rows.map(rowToEnvelope);
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
    const { rows }: { rows: Array<EventRow & { tx: string }> } = await this.db.raw(
      `select *, tx_id::text as tx from events
       where tx_id < pg_snapshot_xmin(pg_current_snapshot()) and (tx_id, position) > (?::xid8, ?)
       order by tx_id, position limit ?`,
      [checkpoint.txId, checkpoint.position, limit],
    );
    const last = rows.at(-1);
    return {
      events: rows.map(rowToEnvelope),
      checkpoint: last ? { txId: last.tx, position: Number(last.position) } : checkpoint,
    };
  }

  /** Every event in position order, in pages (audit, rebuilds); `from` is exclusive. */
  async *readAll(
    options: { from?: number; batchSize?: number; types?: string[] } = {},
  ): AsyncGenerator<StoredEvent[]> {
    let after = options.from ?? 0;
    for (;;) {
      const query = this.db('events')
        .where('position', '>', after)
        .orderBy('position')
        .limit(options.batchSize ?? 1000);
      if (options.types) query.whereIn('type', options.types);
      const rows: EventRow[] = await query;
      if (rows.length === 0) return;
      yield rows.map(rowToEnvelope);
      after = Number(rows.at(-1)!.position);
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

/** The unique (stream, version) index turns a lost race into a typed conflict. */
function conflictOf(error: unknown, requests: AppendRequest[]): ConcurrencyError | null {
  if (error instanceof ConcurrencyError) return error;
  const pgError = error as { code?: string; detail?: string };
  if (pgError.code !== '23505') return null;
  const stream = requests.find((r) => pgError.detail?.includes(`(${r.stream},`)) ?? requests[0]!;
  return new ConcurrencyError(stream.stream, stream.expectedVersion);
}
