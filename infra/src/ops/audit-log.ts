import type { StoredEvent } from '@building/events/envelope';
import { ChainVerifier, type BrokenLink } from '@building/events/hash-chain';

export interface AuditWindow {
  /** Inclusive bounds on `occurredAt`; verification always covers the whole log. */
  from?: Date;
  to?: Date;
}

export interface Verification {
  ok: boolean;
  streams: number;
  events: number;
  /** The first broken link in log order, when there is one. */
  broken: BrokenLink | null;
}

export interface AuditResult {
  /** How many events fell in the window (and were handed to `onEvent`). */
  shown: number;
  verification: Verification;
}

export function inWindow(event: StoredEvent, window: AuditWindow): boolean {
  const at = Date.parse(event.occurredAt);
  return (!window.from || at >= window.from.getTime()) && (!window.to || at <= window.to.getTime());
}

/**
 * Walks a replay once: hands the events in the window to `onEvent` and checks every stream's
 * hash chain from its first event, whatever the window (a chain can only be checked whole).
 */
export async function auditLog(
  events: AsyncIterable<StoredEvent>,
  window: AuditWindow,
  onEvent: (event: StoredEvent) => void,
): Promise<AuditResult> {
  const verifier = new ChainVerifier();
  const streams = new Set<string>();
  let broken: BrokenLink | null = null;
  let count = 0;
  let shown = 0;
  for await (const event of events) {
    count += 1;
    streams.add(event.stream);
    if (!broken) broken = verifier.check(event);
    if (inWindow(event, window)) {
      shown += 1;
      onEvent(event);
    }
  }
  return { shown, verification: { ok: broken === null, streams: streams.size, events: count, broken } };
}

export function describeVerification(v: Verification): string {
  if (v.broken) return `BROKEN: stream ${v.broken.stream} version ${v.broken.version}: ${v.broken.reason}`;
  return `OK: ${v.streams} streams, ${v.events} events verified: every hash chain is intact`;
}
