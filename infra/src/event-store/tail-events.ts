import type { ProjectedEnvelope } from '@building/events/envelope';
import { listen } from './listen.ts';
import { NOTIFY_CHANNEL, type PostgresEventStore, type TailCheckpoint } from './event-store.ts';

export interface Tailer {
  stop(): Promise<void>;
}

/**
 * Follows the store for the projector and the mailer: hands each batch of newly committed events,
 * as projections read them (readProjectedAfter), to `onEvents` in (txId, position) order, then
 * persists nothing itself: `onEvents` returns the checkpoint it has durably reached, or the tailer
 * keeps the one of the batch. Wakes on NOTIFY, and polls as a fallback.
 */
export async function tailEvents(
  store: PostgresEventStore,
  options: {
    from: TailCheckpoint;
    /**
     * With `pipeline`, a batch read while the one before it is still being handled gets that
     * one's completion as `after`: it may be prepared at once, but must not take effect before
     * `after` has succeeded (and must fail if it failed).
     */
    onEvents: (
      events: ProjectedEnvelope[],
      checkpoint: TailCheckpoint,
      after?: Promise<void>,
    ) => Promise<void>;
    onError?: (error: unknown) => void;
    pollMs?: number;
    batchSize?: number;
    /** Behind the log (full pages), hand the next batch over while this one is handled. */
    pipeline?: boolean;
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
  type Batch = Awaited<ReturnType<PostgresEventStore['readProjectedAfter']>>;
  // Behind the log (a full page), the next page is read while this one is handled.
  let ahead: Promise<Batch> | null = null;
  // With `pipeline`, behind the log: the batch handed over last, not known to be done yet.
  let inFlight: { done: Promise<void>; checkpoint: TailCheckpoint } | null = null;
  let readFrom = checkpoint;
  const settle = async () => {
    if (!inFlight) return;
    const { done, checkpoint: reached } = inFlight;
    inFlight = null;
    await done;
    checkpoint = reached;
  };
  const loop = (async () => {
    while (!stopped) {
      try {
        notified = false;
        const batch = await (ahead ?? store.readProjectedAfter(readFrom, size));
        ahead = null;
        if (batch.events.length > 0) {
          const full = batch.events.length >= size;
          if (full) {
            ahead = store.readProjectedAfter(batch.checkpoint, size);
            ahead.catch(() => {}); // awaited next round, or dropped with an error or a stop
          }
          if (options.pipeline && full) {
            const done = options.onEvents(batch.events, batch.checkpoint, inFlight?.done);
            done.catch(() => {}); // awaited next round
            await settle();
            inFlight = { done, checkpoint: batch.checkpoint };
            readFrom = batch.checkpoint;
            continue;
          }
          await settle();
          await options.onEvents(batch.events, batch.checkpoint);
          checkpoint = readFrom = batch.checkpoint;
          continue;
        }
      } catch (error) {
        // What was read ahead follows a batch that was not handled: read again from the checkpoint
        // (a batch handed over after a failed one fails too, and takes no effect).
        ahead = null;
        await settle().catch(() => {});
        readFrom = checkpoint;
        if (stopped) break;
        options.onError?.(error);
      }
      await sleep(options.pollMs ?? 250);
    }
    await settle().catch((error: unknown) => options.onError?.(error));
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
