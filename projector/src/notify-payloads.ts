import type { ViewChange } from '@building/events/read-models/view-changes';

/** NOTIFY payloads are limited to 8000 bytes: split the changes into several messages. */
export function notifyPayloads(changes: ViewChange[], maxBytes = 7000): string[] {
  const payloads: string[] = [];
  let current: ViewChange[] = [];
  for (const change of changes) {
    const next = [...current, change];
    if (current.length > 0 && Buffer.byteLength(JSON.stringify({ changes: next })) > maxBytes) {
      payloads.push(JSON.stringify({ changes: current }));
      current = [change];
    } else current = next;
  }
  if (current.length > 0) payloads.push(JSON.stringify({ changes: current }));
  return payloads;
}
