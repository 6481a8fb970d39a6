import type { ViewChange } from '@building/events/read-models/view-changes';

/**
 * NOTIFY payloads are limited to 8000 bytes: split the changes into several messages. Each change
 * is serialized once (a catch-up batch can name thousands of owners).
 */
export function notifyPayloads(changes: ViewChange[], maxBytes = 7000): string[] {
  const envelope = (items: readonly string[]) => `{"changes":[${items.join(',')}]}`;
  const overhead = Buffer.byteLength(envelope([]));
  const payloads: string[] = [];
  let current: string[] = [];
  let bytes = overhead;
  for (const change of changes) {
    const json = JSON.stringify(change);
    const size = Buffer.byteLength(json);
    // +1 for the comma before every change but the first.
    if (current.length > 0 && bytes + 1 + size > maxBytes) {
      payloads.push(envelope(current));
      current = [];
      bytes = overhead;
    }
    bytes += size + (current.length > 0 ? 1 : 0);
    current.push(json);
  }
  if (current.length > 0) payloads.push(envelope(current));
  return payloads;
}
