import type { StoredEvent } from '@building/events/envelope';

/** An `events` row as Postgres returns it. */
export interface EventRow {
  position: string | number;
  id: string;
  stream: string;
  version: number;
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  occurred_at: Date | string;
  actor: StoredEvent['actor'];
  correlation_id: string;
  causation_id: string | null;
  prev_hash: string | null;
  hash: string;
}

export function rowToEnvelope(row: EventRow): StoredEvent {
  return {
    id: row.id,
    stream: row.stream,
    version: row.version,
    position: Number(row.position),
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    occurredAt: new Date(row.occurred_at).toISOString(),
    actor: row.actor,
    correlationId: row.correlation_id,
    causationId: row.causation_id,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}
