import type { ProjectedEnvelope } from './envelope.ts';
import { currentSchemaVersion, isEventType } from './catalogue.ts';
import type { Upcaster } from './upcaster.ts';
import { agreementRequestedV1 } from './upcasters/agreement-requested-v1.ts';

const upcasters: Upcaster[] = [agreementRequestedV1];

/**
 * Brings a stored event to its type's current schema version, step by step. The hash covers the
 * stored bytes, so verification uses the event as stored, and consumers use the upcast one.
 */
export function upcast<E extends ProjectedEnvelope>(event: E, registry: readonly Upcaster[] = upcasters): E {
  if (!isEventType(event.type)) return event;
  let current = event;
  while (current.schemaVersion < currentSchemaVersion[event.type]) {
    const step = registry.find((u) => u.type === event.type && u.fromVersion === current.schemaVersion);
    if (!step) throw new Error(`no upcaster for ${event.type} v${current.schemaVersion}`);
    current = {
      ...current,
      data: step.upcast(current.data, current),
      schemaVersion: current.schemaVersion + 1,
    };
  }
  return current;
}
