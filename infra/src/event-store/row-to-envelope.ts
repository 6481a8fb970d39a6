import type { EventMetadata, ProjectedEnvelope, StoredEvent } from '@building/events/envelope';

/** The `events` columns a projection reads (projectedColumns), as Postgres returns them. */
export interface ProjectedRow {
  position: string | number;
  id: string;
  stream: string;
  version: number;
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  occurred_at: Date | string;
  correlation_id: string;
  metadata?: EventMetadata | null;
}

/** An `events` row as Postgres returns it. */
export interface EventRow extends ProjectedRow {
  actor: StoredEvent['actor'];
  causation_id: string | null;
  prev_hash: string | null;
  hash: string;
}

/**
 * The `events` columns rowToEnvelope takes, with the time already in toISOString's form: Postgres
 * formats it (truncating microseconds to milliseconds, as a Date does), so reading a page parses
 * and formats no Date per row.
 */
export const projectedColumns = `position, id, stream, version, type, schema_version, data,
  to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as occurred_at, correlation_id, metadata`;
export const envelopeColumns = `${projectedColumns},
  actor, causation_id, prev_hash, hash`;

const isoUtc = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

export function rowToEnvelope(row: EventRow): StoredEvent {
  return {
    ...rowToProjected(row),
    actor: row.actor,
    correlationId: row.correlation_id,
    causationId: row.causation_id,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

export function rowToProjected(row: ProjectedRow): ProjectedEnvelope {
  return {
    id: row.id,
    stream: row.stream,
    version: row.version,
    position: Number(row.position),
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    occurredAt:
      typeof row.occurred_at === 'string' && isoUtc.test(row.occurred_at)
        ? row.occurred_at
        : new Date(row.occurred_at).toISOString(),
    correlationId: row.correlation_id,
    ...(row.metadata ? { metadata: row.metadata } : {}),
  };
}
