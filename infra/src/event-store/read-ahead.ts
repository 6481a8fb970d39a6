import type { TailCheckpoint } from './event-store.ts';

/**
 * The pages `read` gives from `from` on, each next one read while the caller works on this one,
 * up to the first empty page (the end of what `read` can see). A caller that stops early leaves
 * the read ahead unawaited: not an unhandled rejection.
 */
export async function* readAhead<E>(
  read: (after: TailCheckpoint) => Promise<{ events: E[]; checkpoint: TailCheckpoint }>,
  from: TailCheckpoint,
): AsyncGenerator<{ events: E[]; checkpoint: TailCheckpoint }> {
  let next = read(from);
  for (;;) {
    const page = await next;
    if (page.events.length === 0) return;
    next = read(page.checkpoint);
    next.catch(() => {});
    yield page;
  }
}
