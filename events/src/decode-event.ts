import type { ProjectedEnvelope, StoredEvent } from './envelope.ts';
import { parseEnvelope, parseProjectedEnvelope } from './parse-envelope.ts';
import { isEventType, parseEventData, type DomainEvent } from './catalogue.ts';
import { upcast } from './upcasters.ts';

export type DecodedEvent = StoredEvent & DomainEvent;

/** An event as projections read it: its envelope without the audit fields (see ProjectedEnvelope). */
export type ProjectedEvent = ProjectedEnvelope & DomainEvent;

/**
 * Validates an event arriving from outside (a Kafka message, a database row) and upcasts it.
 * Throws with the reason when the envelope or the data is malformed: callers park such events.
 */
export function decodeEvent(raw: unknown): DecodedEvent {
  return withData(parseEnvelope(raw));
}

/** decodeEvent for what a projection reads: the audit fields need not be there, and are not kept. */
export function decodeProjectedEvent(raw: unknown): ProjectedEvent {
  return withData(parseProjectedEnvelope(raw));
}

function withData<E extends ProjectedEnvelope>(parsed: E): E & DomainEvent {
  const envelope = upcast(parsed);
  if (!isEventType(envelope.type)) throw new Error(`unknown event type '${envelope.type}'`);
  // The parse returned a new object (upcast too, when it changed it): give it the parsed data
  // rather than copy it once more (every event of a rebuild comes through here).
  envelope.data = parseEventData(envelope.type, envelope.data);
  return envelope as E & DomainEvent;
}
