import { randomUUID } from 'node:crypto';
import type { CommandMetadata, NewEvent, StoredEvent } from '@building/events/envelope';
import { hashEvent, type HashedFields } from '@building/events/hash-chain';
import { currentSchemaVersion, isEventType } from '@building/events/catalogue';

/** An event ready to insert: every field but the position, which the store assigns. */
export type PreparedEvent = Omit<StoredEvent, 'position'>;

/** Where a stream stands before an append: its last version and that event's hash. */
export interface StreamHead {
  version: number;
  hash: string | null;
}

/**
 * A stream's new events, chained onto `head`: ids, versions and hashes are computed here, before
 * the round trip, so the insert needs nothing back from the database but the positions. `newId`
 * names each event (a seeded generator passes its own, for a log that is the same run after run).
 */
export function prepareEvents(
  stream: string,
  head: StreamHead,
  events: readonly NewEvent[],
  meta: CommandMetadata,
  newId: () => string = randomUUID,
): PreparedEvent[] {
  let prevHash = head.hash;
  return events.map((event, index) => {
    const fields: HashedFields = {
      id: newId(),
      stream,
      version: head.version + index + 1,
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
    prevHash = hash;
    return { ...fields, hash };
  });
}
