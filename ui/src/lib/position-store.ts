/**
 * Read-your-writes: every command answers with the global position of its last event; reads
 * carry the highest position seen so the query-service waits until its views have caught up.
 */
let last = 0;

export function recordPosition(position: number): void {
  if (Number.isSafeInteger(position) && position > last) last = position;
}

export const lastPosition = (): number => last;

/** For tests: start from a clean slate. */
export function resetPositions(): void {
  last = 0;
}
