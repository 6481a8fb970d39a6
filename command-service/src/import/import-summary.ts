import type { StoredEvent } from '@building/events/envelope';

/** `ApartmentListed 40, UserRegistered 30, ...`: how many events of each type, in the order first met. */
export function countByType(events: readonly StoredEvent[]): string {
  const counts = new Map<string, number>();
  for (const e of events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  return [...counts].map(([type, n]) => `${type} ${n}`).join(', ');
}
