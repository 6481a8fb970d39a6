import type { Knex } from 'knex';
import type { StoredEvent } from '@building/events/envelope';
import type { TailCheckpoint } from '@building/infra/event-store/event-store';
import { rowToEnvelope, type EventRow } from '@building/infra/event-store/row-to-envelope';

/**
 * The oldest transaction still running: every event written by a transaction below it has
 * committed (or never will), so the log below this bound is complete and can no longer change.
 */
export async function logBound(db: Knex): Promise<string> {
  const { rows } = await db.raw<{ rows: Array<{ bound: string }> }>(
    'select pg_snapshot_xmin(pg_current_snapshot())::text as bound',
  );
  return rows[0]!.bound;
}

/**
 * Like the store's `readAfter`, in the same (txId, position) order, but only up to a fixed bound
 * taken earlier: a rebuild then reaches an end even while commands keep appending.
 */
export async function readBelow(
  db: Knex,
  after: TailCheckpoint,
  bound: string,
  limit: number,
): Promise<{ events: StoredEvent[]; checkpoint: TailCheckpoint }> {
  const { rows } = await db.raw<{ rows: Array<EventRow & { tx: string }> }>(
    `select *, tx_id::text as tx from events
      where tx_id < ?::xid8 and (tx_id, position) > (?::xid8, ?)
      order by tx_id, position limit ?`,
    [bound, after.txId, after.position, limit],
  );
  const last = rows.at(-1);
  return {
    events: rows.map(rowToEnvelope),
    checkpoint: last ? { txId: last.tx, position: Number(last.position) } : after,
  };
}
