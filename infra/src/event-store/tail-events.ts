import type { StoredEvent } from '@building/events/envelope';
import { listen } from './listen.ts';
import { NOTIFY_CHANNEL, type PostgresEventStore, type TailCheckpoint } from './event-store.ts';

export interface Tailer {
  stop(): Promise<void>;
}

/**
 * Follows the store: hands each batch of newly committed events to `onEvents` in (txId, position)
 * order, then persists nothing itself: `onEvents` returns the checkpoint it has durably reached,
 * or the tailer keeps the one of the batch. Wakes on NOTIFY, and polls as a fallback.
 */
export async function tailEvents(
  store: PostgresEventStore,
  options: {
    from: TailCheckpoint;
    onEvents: (events: StoredEvent[], checkpoint: TailCheckpoint) => Promise<void>;
    onError?: (error: unknown) => void;
    pollMs?: number;
    batchSize?: number;
  },
): Promise<Tailer> {
  let checkpoint = options.from;
  let stopped = false;
  let wake: (() => void) | null = null;
  // A NOTIFY that lands while a read is running must not be lost: the next sleep skips.
  let notified = false;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (notified) {
        notified = false;
        resolve();
        return;
      }
      // A timed-out sleep forgets its wake, so a NOTIFY during the next read sets `notified`.
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });
  const onNotify = () => {
    if (wake) wake();
    else notified = true;
  };
  const unlisten = await listen(store.db, NOTIFY_CHANNEL, onNotify);

  const size = options.batchSize ?? 500;
  type Batch = Awaited<ReturnType<PostgresEventStore['readAfter']>>;
  // Behind the log (a full page), the next page is read while this one is handled.
  let ahead: Promise<Batch> | null = null;
  const loop = (async () => {
    while (!stopped) {
      try {
        notified = false;
        const batch = await (ahead ?? store.readAfter(checkpoint, size));
        ahead = null;
        if (batch.events.length > 0) {
          if (batch.events.length >= size) {
            ahead = store.readAfter(batch.checkpoint, size);
            ahead.catch(() => {}); // awaited next round, or dropped with an error or a stop
          }
          await options.onEvents(batch.events, batch.checkpoint);
          checkpoint = batch.checkpoint;
          continue;
        }
      } catch (error) {
        // What was read ahead follows a batch that was not handled: read again from the checkpoint.
        ahead = null;
        if (stopped) break;
        options.onError?.(error);
      }
      await sleep(options.pollMs ?? 250);
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      await unlisten();
    },
  };
}
