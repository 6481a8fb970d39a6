import type { StoredEvent } from './envelope.ts';
import { parseEnvelope } from './parse-envelope.ts';
import { isEventType, parseEventData, type DomainEvent } from './catalogue.ts';
import { upcast } from './upcasters.ts';

export type DecodedEvent = StoredEvent & DomainEvent;

/**
 * Validates an event arriving from outside (a Kafka message, a database row) and upcasts it.
 * Throws with the reason when the envelope or the data is malformed: callers park such events.
 */
export function decodeEvent(raw: unknown): DecodedEvent {
  const envelope = upcast(parseEnvelope(raw));
  if (!isEventType(envelope.type)) throw new Error(`unknown event type '${envelope.type}'`);
  // parseEnvelope returned a new object (upcast too, when it changed it): give it the parsed data
  // rather than copy it once more (every event of a rebuild comes through here).
  envelope.data = parseEventData(envelope.type, envelope.data);
  return envelope as DecodedEvent;
}
