import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.ts';
import type { StoredEvent } from './envelope.ts';

/** The hashed part of an envelope: everything but the store-assigned position and the hash itself. */
export type HashedFields = Omit<StoredEvent, 'position' | 'hash'>;

const hashedKeys = [
  'id',
  'stream',
  'version',
  'type',
  'schemaVersion',
  'data',
  'occurredAt',
  'actor',
  'correlationId',
  'causationId',
  'prevHash',
] as const satisfies ReadonlyArray<keyof HashedFields>;

/** sha256 of the canonical envelope; picks the hashed keys so a full StoredEvent can be passed too. */
export function hashEvent(event: HashedFields): string {
  const body = Object.fromEntries(hashedKeys.map((key) => [key, event[key]]));
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

export interface BrokenLink {
  stream: string;
  version: number;
  reason: 'hash-mismatch' | 'prev-hash-mismatch' | 'version-gap';
}

/**
 * Checks one stream's chain (events in version order). Returns the first broken link, or null.
 * Feed it every stream of a log through `ChainVerifier` when events of many streams interleave.
 */
export function verifyStream(events: readonly StoredEvent[]): BrokenLink | null {
  const verifier = new ChainVerifier();
  for (const event of events) {
    const broken = verifier.check(event);
    if (broken) return broken;
  }
  return null;
}

export class ChainVerifier {
  private readonly heads = new Map<string, { version: number; hash: string }>();

  check(event: StoredEvent): BrokenLink | null {
    const head = this.heads.get(event.stream);
    const at = { stream: event.stream, version: event.version };
    if (event.version !== (head ? head.version + 1 : 1)) return { ...at, reason: 'version-gap' };
    if (event.prevHash !== (head ? head.hash : null)) return { ...at, reason: 'prev-hash-mismatch' };
    if (hashEvent(event) !== event.hash) return { ...at, reason: 'hash-mismatch' };
    this.heads.set(event.stream, { version: event.version, hash: event.hash });
    return null;
  }
}
