import { contextOf, inSpan, linkOf, SpanKind } from '../tracing/tracing.ts';
import type { Knex } from 'knex';
import pg from 'pg';
import { NOTIFY_CHANNEL } from '../event-store/event-store.ts';
import { rowToEnvelope, type EventRow } from '../event-store/row-to-envelope.ts';
import type { KafkaClient, OutgoingMessage } from './kafka-client.ts';

/** Advisory lock key held by the one active relay (per database). */
export const RELAY_LOCK_KEY = 7231002;

export interface OutboxRelayOptions {
  db: Knex;
  kafka: KafkaClient;
  onError?: (error: unknown) => void;
  /** Outbox rows per publish round. */
  batchSize?: number;
  /** Fallback poll when no NOTIFY arrives. */
  pollMs?: number;
  /** How often a standby relay tries to take over. */
  standbyRetryMs?: number;
}

export interface OutboxRelay {
  /** True while this relay holds the lock and publishes. */
  isActive(): boolean;
  stop(): Promise<void>;
}

export type OutboxRow = EventRow & { topic: string; key: string };

/**
 * Publishes the outbox to Kafka (docs/architecture.md §4). One relay is active at a time: the one holding
 * the advisory lock on its own connection; the others stand by and retry. Rows go out in
 * (tx_id, position) order, read only below the oldest in-flight transaction, and are deleted after
 * Kafka acknowledged them: at-least-once (a crash between the two republishes; consumers dedupe).
 */
export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const batchSize = options.batchSize ?? 500;
  const pollMs = options.pollMs ?? 500;
  const standbyRetryMs = options.standbyRetryMs ?? 1000;
  const onError = options.onError ?? ((error) => console.error('[outbox-relay]', error));
  let producer = options.kafka.producer();
  const waker = createWaker();
  let stopped = false;
  let active = false;

  const loop = (async () => {
    while (!stopped) {
      let session: LockSession | undefined;
      try {
        session = await tryLock(options.db, waker.wake);
        if (!session) {
          await waker.sleep(standbyRetryMs);
          continue;
        }
        active = true;
        // The first event after a start or a failover should not wait for the broker connection
        // (and the idempotent producer's id): open it now; a failure here is retried by the first send.
        producer.connect().catch(() => {});
        while (!stopped && session.alive) {
          try {
            const published = await publishBatch(session.client, producer, batchSize);
            if (published < batchSize) await waker.sleep(pollMs);
          } catch (error) {
            if (stopped) break;
            onError(error);
            // An idempotent producer can fall out of step with a restarted broker and be refused
            // for ever (OUT_OF_ORDER_SEQUENCE_NUMBER): the next round publishes with a fresh one.
            await producer.disconnect().catch(() => {});
            producer = options.kafka.producer();
            await waker.sleep(standbyRetryMs);
          }
        }
      } catch (error) {
        if (!stopped) {
          onError(error);
          await waker.sleep(standbyRetryMs);
        }
      } finally {
        active = false;
        await session?.release();
      }
    }
  })();

  return {
    isActive: () => active,
    async stop() {
      stopped = true;
      waker.wake();
      await loop;
      await producer.disconnect().catch(() => {});
    },
  };
}

async function publishBatch(
  client: pg.ClientBase,
  producer: ReturnType<KafkaClient['producer']>,
  limit: number,
): Promise<number> {
  const rows = await readPublishable(client, limit);
  if (rows.length === 0) return 0;
  // A stream always maps to one topic, so grouping by topic keeps each stream's order.
  const byTopic = new Map<string, OutgoingMessage[]>();
  for (const row of rows) {
    const messages = byTopic.get(row.topic) ?? [];
    // The recording command's trace context rides in the headers too, for consumers of the topic.
    const headers = row.metadata?.traceparent ? { ...row.metadata } : undefined;
    messages.push({ key: row.key, value: JSON.stringify(rowToEnvelope(row)), ...(headers && { headers }) });
    byTopic.set(row.topic, messages);
  }
  // One produce request for every topic of the round: one round trip to the broker, not one per topic.
  // Traced as a child of the first event's command, linked to the others'.
  const [first, ...others] = rows.map((row) => row.metadata ?? undefined);
  await inSpan(
    'outbox publish',
    () => producer.sendTopics([...byTopic].map(([topic, messages]) => ({ topic, messages }))),
    {
      kind: SpanKind.PRODUCER,
      parent: contextOf(first),
      links: others.flatMap((carrier) => linkOf(carrier) ?? []),
      attributes: { events: rows.length },
    },
  );
  await client.query('delete from outbox where position = any($1::bigint[])', [rows.map((r) => r.position)]);
  return rows.length;
}

/**
 * The outbox rows that may go out now, oldest transaction first. Only transactions below the
 * oldest one still in flight: a transaction that commits late can never be overtaken by a later one.
 */
export async function readPublishable(client: pg.ClientBase, limit: number): Promise<OutboxRow[]> {
  const { rows } = await client.query<OutboxRow>(
    `select o.topic, o.key, e.position, e.id, e.stream, e.version, e.type, e.schema_version, e.data,
            e.occurred_at, e.actor, e.correlation_id, e.causation_id, e.prev_hash, e.hash, e.metadata
       from outbox o join events e on e.position = o.position
      where o.tx_id < pg_snapshot_xmin(pg_current_snapshot())
      order by o.tx_id, o.position
      limit $1`,
    [limit],
  );
  return rows;
}

interface LockSession {
  client: pg.Client;
  /** False once the connection (and with it the lock) is gone. */
  readonly alive: boolean;
  release(): Promise<void>;
}

/**
 * Opens a connection of its own and tries the advisory lock. A session-level lock lives exactly
 * as long as the connection, and the relay reads and deletes on that same connection, so a relay
 * that lost its lock cannot keep deleting.
 */
async function tryLock(db: Knex, onNotify: () => void): Promise<LockSession | undefined> {
  const client = new pg.Client(await connectionConfig(db));
  let alive = true;
  const die = () => {
    alive = false;
    onNotify();
  };
  client.on('error', die);
  client.on('end', die);
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      RELAY_LOCK_KEY,
    ]);
    if (!rows[0]?.locked) {
      await client.end();
      return undefined;
    }
    client.on('notification', onNotify);
    await client.query(`listen ${NOTIFY_CHANNEL}`);
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return {
    client,
    get alive() {
      return alive;
    },
    // Closing the connection releases the lock and the LISTEN.
    release: () => client.end().catch(() => {}),
  };
}

async function connectionConfig(db: Knex): Promise<pg.ClientConfig> {
  const configured: unknown = db.client.config.connection;
  const connection = typeof configured === 'function' ? await (configured as () => unknown)() : configured;
  if (typeof connection === 'string') return { connectionString: connection };
  if (connection && typeof connection === 'object') return connection as pg.ClientConfig;
  throw new Error('outbox relay: the Knex instance has no connection settings');
}

/** A sleep that a NOTIFY cuts short; a wake that arrives while busy makes the next sleep return at once. */
function createWaker() {
  let pending = false;
  let resolveSleep: (() => void) | undefined;
  return {
    wake() {
      pending = true;
      resolveSleep?.();
    },
    sleep(ms: number): Promise<void> {
      if (pending) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          resolveSleep = undefined;
          pending = false;
          resolve();
        }
        resolveSleep = done;
      });
    },
  };
}
