import type { Knex } from 'knex';
import type { TailCheckpoint } from '@building/infra/event-store/event-store';

/**
 * The log's bound for a rebuild: the oldest transaction still running, once every transaction
 * that was running when the rebuild began has ended (waiting at most `waitMs`). Every event below
 * it has committed (or never will), so the log below can no longer change, and it holds every
 * event committed before the rebuild began, even while a transaction elsewhere in the cluster
 * (transaction ids are cluster-wide) stays open.
 */
export async function logBound(db: Knex, waitMs = 5000): Promise<string> {
  const snapshot = async (part: 'xmin' | 'xmax') =>
    BigInt(
      (
        await db.raw<{ rows: Array<{ id: string }> }>(
          `select pg_snapshot_${part}(pg_current_snapshot())::text as id`,
        )
      ).rows[0]!.id,
    );
  const begun = await snapshot('xmax');
  const deadline = Date.now() + waitMs;
  for (;;) {
    const bound = await snapshot('xmin');
    if (bound >= begun || Date.now() > deadline) return bound.toString();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * One page as ONE JSON array of envelopes, built by Postgres: Node parses one string per page
 * instead of fourteen fields per row (Node is the rebuild's bottleneck; Postgres has a core to
 * spare). Each element also carries its `tx_id`, which decoding ignores.
 */
const pageSql = `
  select coalesce(json_agg(e order by e.tx_id, e.position), '[]')::text as page, max(e.tx_id)::text as tx
    from (select id, stream, version, position, type, schema_version as "schemaVersion", data,
                 to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "occurredAt",
                 actor, correlation_id as "correlationId", causation_id as "causationId",
                 prev_hash as "prevHash", hash, tx_id
            from events
           where tx_id < ?::xid8 and (tx_id, position) > (?::xid8, ?)
           order by tx_id, position limit ?) e`;

/**
 * Like the store's `readAfter`, in the same (txId, position) order, but only up to a fixed bound
 * taken earlier: a rebuild then reaches an end even while commands keep appending. The events are
 * raw envelopes (the time in toISOString's form), to be decoded like any other input.
 */
export async function readBelow(
  db: Knex,
  after: TailCheckpoint,
  bound: string,
  limit: number,
): Promise<{ events: unknown[]; checkpoint: TailCheckpoint }> {
  const { rows } = await db.raw<{ rows: Array<{ page: string; tx: string | null }> }>(pageSql, [
    bound,
    after.txId,
    after.position,
    limit,
  ]);
  const { page, tx } = rows[0]!;
  const events = JSON.parse(page) as Array<{ position: number }>;
  const last = events.at(-1);
  return { events, checkpoint: last && tx ? { txId: tx, position: last.position } : after };
}
