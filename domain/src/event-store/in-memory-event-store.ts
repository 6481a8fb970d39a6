import type { CommandMetadata, StoredEvent } from '@building/events/envelope';
import { ConcurrencyError } from './concurrency-error.ts';
import type { AppendRequest, AppendResult, EventStore } from './event-store.ts';
import { prepareEvents, type StreamHead } from './prepared-event.ts';

export interface InMemoryEventStoreOptions {
  /** The first global position (a generator writing after an existing log starts past its end). */
  firstPosition?: number;
  /** Names each event (default: random UUIDs). */
  newId?: () => string;
  /** Hears each append's events, in log order (a generator streams them on). */
  onAppend?: (events: readonly StoredEvent[]) => void;
}

/**
 * The event store in memory: the same rules as the Postgres one (expected versions, all or nothing
 * across streams, hash chains, global positions), for unit tests, histories and the log generator.
 */
export class InMemoryEventStore implements EventStore {
  private readonly streams = new Map<string, StoredEvent[]>();
  private readonly log: StoredEvent[] = [];
  private position: number;
  private readonly options: InMemoryEventStoreOptions;

  constructor(options: InMemoryEventStoreOptions = {}) {
    this.options = options;
    this.position = (options.firstPosition ?? 1) - 1;
  }

  async readStreamAfter(stream: string, after: number): Promise<StoredEvent[]> {
    // Versions run 1, 2, 3...: the events after `after` start at index `after`.
    return (this.streams.get(stream) ?? []).slice(after);
  }

  async streamHeads(streams: readonly string[]): Promise<Map<string, StreamHead>> {
    const heads = new Map<string, StreamHead>();
    for (const stream of streams) {
      const head = this.streams.get(stream)?.at(-1);
      if (head) heads.set(stream, { version: head.version, hash: head.hash });
    }
    return heads;
  }

  async append(requests: AppendRequest[], meta: CommandMetadata): Promise<AppendResult> {
    const nonEmpty = requests.filter((r) => r.events.length > 0);
    if (nonEmpty.length === 0) throw new Error('nothing to append');
    // Every check before any write: all or nothing.
    const prepared = nonEmpty.map((request) => {
      const head = this.streams.get(request.stream)?.at(-1);
      if ((head?.version ?? 0) !== request.expectedVersion)
        throw new ConcurrencyError(request.stream, request.expectedVersion);
      const from = { version: request.expectedVersion, hash: head?.hash ?? null };
      return prepareEvents(request.stream, from, request.events, meta, this.options.newId);
    });
    const stored = prepared.flat().map((event) => ({ ...event, position: ++this.position }));
    for (const event of stored) {
      let stream = this.streams.get(event.stream);
      if (!stream) this.streams.set(event.stream, (stream = []));
      stream.push(event);
      this.log.push(event);
    }
    this.options.onAppend?.(stored);
    return { events: stored, position: this.position };
  }

  /** Every event appended, in log order. */
  allEvents(): readonly StoredEvent[] {
    return this.log;
  }

  /** The global position of the last event (0 when empty). */
  lastPosition(): number {
    return this.position;
  }
}
