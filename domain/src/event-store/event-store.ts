import type { CommandMetadata, NewEvent, StoredEvent } from '@building/events/envelope';
import type { StreamHead } from './prepared-event.ts';

export type { StreamHead } from './prepared-event.ts';
export { ConcurrencyError } from './concurrency-error.ts';

export interface AppendRequest {
  stream: string;
  /** The version the decision was made at: 0 for a stream that must not exist yet. */
  expectedVersion: number;
  /**
   * The hash of the event at `expectedVersion` (null at 0), when the caller has read it: the
   * append then needs no read of its own. Left out, the store reads the stream's head first.
   */
  prevHash?: string | null;
  events: NewEvent[];
}

export interface AppendResult {
  events: StoredEvent[];
  /** The global position of the last appended event (read-your-writes). */
  position: number;
}

/**
 * What the command side needs of an event store (the port): the Postgres store in infra is the
 * product's, InMemoryEventStore the tests' and the log generator's. Both pass one contract
 * (testing/event-store-contract.ts).
 */
export interface EventStore {
  /** A stream's events after version `after`, in version order (a cached aggregate's catch-up). */
  readStreamAfter(stream: string, after: number): Promise<StoredEvent[]>;
  /** Each stream's head (absent when the stream has no events), in one read. */
  streamHeads(streams: readonly string[]): Promise<Map<string, StreamHead>>;
  /**
   * Appends to one or several streams, all or nothing, each at its expected version, with their
   * hash chains. Throws ConcurrencyError when a stream moved on.
   */
  append(requests: AppendRequest[], meta: CommandMetadata): Promise<AppendResult>;
}
