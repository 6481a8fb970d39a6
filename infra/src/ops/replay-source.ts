import type { StoredEvent } from '@building/events/envelope';
import type { Category } from '@building/events/streams';

/** Told how far a replay has got: `start` once the total is known, then `advance` per event read. */
export interface ReplayProgress {
  start(total: number): void;
  advance(count: number): void;
  stop(): void;
}

/**
 * Where an audit reads the log from: the event store (embedded mode) or the Kafka category
 * topics (distributed mode). Either way, every event of the categories from the start of the
 * log up to the end seen when the replay began, in position order, each event once.
 */
export interface ReplaySource {
  readonly name: 'store' | 'kafka';
  replay(categories: readonly Category[], progress?: ReplayProgress): AsyncGenerator<StoredEvent>;
  close(): Promise<void>;
}
