import { decodeEvent, type DecodedEvent } from '@building/events/decode-event';
import type { DomainEvent } from '@building/events/catalogue';
import { logOf } from '@building/events/testing/event-fixtures';
import type { Row } from '../row-changes.ts';
import type { Projection } from '../projection.ts';
import { liveTarget } from '../projection-target.ts';
import { ViewBatch } from '../view-batch.ts';

/**
 * Test support for given(events) -> then(rows) specs: the log's envelopes for `[stream, event]`
 * pairs (events/src/testing/event-fixtures.ts), validated as the projector decodes them.
 */
export const given = (...events: Array<[string, DomainEvent]>): DecodedEvent[] =>
  logOf(events).map(decodeEvent);

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
