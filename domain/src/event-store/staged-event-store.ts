import type { CommandMetadata, StoredEvent } from '@building/events/envelope';
import { ConcurrencyError } from './concurrency-error.ts';
import type { AppendRequest, AppendResult, EventStore, StreamHead } from './event-store.ts';
import { prepareEvents } from './prepared-event.ts';

interface Staged {
  /** Where the stream stood in the store underneath when the first event was staged on it. */
  base: StreamHead;
  events: StoredEvent[];
}

/**
 * An event store that reads through to another and holds its own appends: a batch of commands is
 * decided one after another, each on the state the previous ones left, through the usual command
 * handlers, and `commit` then records them all in one append, or nothing (an import). Positions
 * of staged events are the batch's own count, not the log's.
 */
export class StagedEventStore implements EventStore {
  private readonly under: EventStore;
  private readonly staged = new Map<string, Staged>();
  private count = 0;
  private turn: Promise<unknown> = Promise.resolve();

  constructor(under: EventStore) {
    this.under = under;
  }

  async readStreamAfter(stream: string, after: number): Promise<StoredEvent[]> {
    const staged = this.staged.get(stream);
    if (!staged) return this.under.readStreamAfter(stream, after);
    const below =
      after < staged.base.version
        ? (await this.under.readStreamAfter(stream, after)).filter((e) => e.version <= staged.base.version)
        : [];
    return [...below, ...staged.events.filter((e) => e.version > after)];
  }

  async streamHeads(streams: readonly string[]): Promise<Map<string, StreamHead>> {
    const unstaged = streams.filter((s) => !this.staged.has(s));
    const heads =
      unstaged.length > 0 ? await this.under.streamHeads(unstaged) : new Map<string, StreamHead>();
    for (const stream of streams) {
      const last = this.staged.get(stream)?.events.at(-1);
      if (last) heads.set(stream, { version: last.version, hash: last.hash });
    }
    return heads;
  }

  /** One append at a time: each checks its heads and stages its events before the next reads them. */
  append(requests: AppendRequest[], meta: CommandMetadata): Promise<AppendResult> {
    const appended = this.turn.then(() => this.stage(requests, meta));
    this.turn = appended.catch(() => undefined);
    return appended;
  }

  private async stage(requests: AppendRequest[], meta: CommandMetadata): Promise<AppendResult> {
    const heads = await this.streamHeads(requests.map((r) => r.stream));
    for (const r of requests) {
      if ((heads.get(r.stream)?.version ?? 0) !== r.expectedVersion)
        throw new ConcurrencyError(r.stream, r.expectedVersion);
    }
    const stored: StoredEvent[] = [];
    for (const r of requests) {
      const head = heads.get(r.stream) ?? { version: 0, hash: null };
      const staged = this.staged.get(r.stream) ?? { base: head, events: [] };
      const events = prepareEvents(r.stream, head, r.events, meta).map((e) => ({
        ...e,
        position: ++this.count,
      }));
      staged.events.push(...events);
      stored.push(...events);
      this.staged.set(r.stream, staged);
    }
    return { events: stored, position: this.count };
  }

  /** The events staged so far, in the order they were decided. */
  stagedEvents(): StoredEvent[] {
    return [...this.staged.values()].flatMap((s) => s.events).sort((a, b) => a.position - b.position);
  }

  /**
   * Records every staged event in the store underneath, in one append with one metadata (the
   * batch is one correlation), each stream at the version it was read at: if another writer moved
   * one meanwhile, the store refuses the whole (ConcurrencyError) and nothing is recorded.
   */
  async commit(meta: CommandMetadata): Promise<AppendResult | null> {
    if (this.count === 0) return null;
    const requests = [...this.staged].map(([stream, s]) => ({
      stream,
      expectedVersion: s.base.version,
      prevHash: s.base.hash,
      events: s.events.map(({ type, data }) => ({ type, data })),
    }));
    return this.under.append(requests, meta);
  }
}
