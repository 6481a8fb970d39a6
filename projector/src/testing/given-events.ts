import { randomUUID } from 'node:crypto';
import { decodeEvent, type DecodedEvent } from '@building/events/decode-event';
import type { DomainEvent } from '@building/events/catalogue';
import type { Row } from '../row-changes.ts';
import type { Projection } from '../projection.ts';
import { liveTarget } from '../projection-target.ts';
import { ViewBatch } from '../view-batch.ts';

/**
 * Test support for given(events) -> then(rows) specs: envelopes for `[stream, event]` pairs, each
 * stream numbered from version 1 and the log from position 1, one minute apart, validated as the
 * projector decodes them.
 */
export function given(...events: Array<[string, DomainEvent]>): DecodedEvent[] {
  const versions = new Map<string, number>();
  return events.map(([stream, event], index) => {
    const version = (versions.get(stream) ?? 0) + 1;
    versions.set(stream, version);
    return decodeEvent({
      id: randomUUID(),
      stream,
      version,
      position: index + 1,
      type: event.type,
      schemaVersion: event.type === 'AgreementRequested' ? 2 : 1,
      data: event.data,
      occurredAt: new Date(Date.UTC(2026, 0, 5, 9, index)).toISOString(),
      actor: 'system',
      correlationId: randomUUID(),
      causationId: null,
      prevHash: null,
      hash: '0'.repeat(64),
    });
  });
}

/**
 * The rows a projection makes of `events`, folded in memory as a rebuild does (every table starts
 * empty), each table's rows in key order. `times` delivers the whole history again.
 */
export function rowsOf(
  projection: Projection,
  events: readonly DecodedEvent[],
  times = 1,
): Record<string, Row[]> {
  const view = new ViewBatch(liveTarget(projection), true);
  for (let time = 0; time < times; time++) for (const event of events) view.fold(event, () => {});
  return Object.fromEntries(
    Object.entries(view.tables).map(([key, rows]) => {
      const sorted = [...rows.all()].sort((a, b) =>
        String(a[rows.spec.key]).localeCompare(String(b[rows.spec.key]), 'en', { numeric: true }),
      );
      return [key, sorted];
    }),
  );
}
