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
  /**
   * Keep every event in log order for allEvents() (default true). A generator of millions of events
   * that hands them on through onAppend turns it off, and forgets the streams it is done with.
   */
  keepLog?: boolean;
}

/** A forgotten stream's place: touching it again is the caller's bug, not an empty stream. */
const forgotten: StoredEvent[] = Object.freeze([]) as unknown as StoredEvent[];

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
    return (this.eventsOf(stream) ?? []).slice(after);
  }

  async streamHeads(streams: readonly string[]): Promise<Map<string, StreamHead>> {
    const heads = new Map<string, StreamHead>();
    for (const stream of streams) {
      const head = this.eventsOf(stream)?.at(-1);
      if (head) heads.set(stream, { version: head.version, hash: head.hash });
    }
    return heads;
  }

  async append(requests: AppendRequest[], meta: CommandMetadata): Promise<AppendResult> {
    const nonEmpty = requests.filter((r) => r.events.length > 0);
    if (nonEmpty.length === 0) throw new Error('nothing to append');
    // Every check before any write: all or nothing.
    const prepared = nonEmpty.map((request) => {
      const head = this.eventsOf(request.stream)?.at(-1);
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
      if (this.options.keepLog !== false) this.log.push(event);
    }
    this.options.onAppend?.(stored);
    return { events: stored, position: this.position };
  }

  /** Every event appended, in log order (unless keepLog is off). */
  allEvents(): readonly StoredEvent[] {
    if (this.options.keepLog === false) throw new Error('this store keeps no log');
    return this.log;
  }

  /**
   * Drops a stream's events (a generator is done with it: the memory stays flat however long the
   * log). Reading or appending it afterwards throws rather than seeing an empty stream.
   */
  forget(stream: string): void {
    if (this.streams.has(stream)) this.streams.set(stream, forgotten);
  }

  private eventsOf(stream: string): StoredEvent[] | undefined {
    const events = this.streams.get(stream);
    if (events === forgotten) throw new Error(`stream '${stream}' was forgotten`);
    return events;
  }

  /** The global position of the last event (0 when empty). */
  lastPosition(): number {
    return this.position;
  }
}
