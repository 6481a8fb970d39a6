import { createHash } from 'node:crypto';
import type { Row } from './row-changes.ts';
import type { ParkReason } from './view-batch.ts';

/** The projection name under which events no projection could decode are parked. */
export const ALL_PROJECTIONS = '*';

/** A parked_events row for an event a view could not apply; parking one event twice is a no-op. */
export function parkedRow(projection: string, raw: unknown, reason: ParkReason, error: string): Row {
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
