import type { DomainEvent } from '@building/events/catalogue';
import { decodeEvent } from '@building/events/decode-event';
import type { PostgresEventStore } from '@building/infra/event-store/event-store';
import { createAggregateCache } from './aggregate-cache.ts';
import { readInThisCommand, recordRead } from './command-scope.ts';

/** How an aggregate folds its stream into the state its decisions need (pure). */
export interface Aggregate<S> {
  initialState: () => S;
  evolve: (state: S, event: DomainEvent) => S;
}

/** An aggregate's state as read, with the version and position the decision is made at. */
export interface Loaded<S> {
  stream: string;
  state: S;
  version: number;
  /** Global position of the stream's last event (0 when empty): a no-op command answers it. */
  position: number;
  /** Hash of the stream's last event (null when empty): the append chains onto it without a read. */
  hash: string | null;
}

/** Per store: a cache is only as good as the database its versions came from. */
const caches = new WeakMap<PostgresEventStore, ReturnType<typeof createAggregateCache>>();

/**
 * Reads a stream (validated and upcast) and folds it. The folded state stays in memory with its
 * version, so a stream is read once and afterwards only its newer events (usually none), which
 * also sees what other processes appended; within one command, not even that is asked twice
 * (command-scope.ts). States are never mutated (evolve returns new ones), so
 * concurrent commands may share one.
 */
export async function loadAggregate<S>(
  store: PostgresEventStore,
  stream: string,
  aggregate: Aggregate<S>,
): Promise<Loaded<S>> {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = createAggregateCache()));
  const cached = cache.get(aggregate, stream);
  // Already brought up to date by this very command: no second read.
  if (cached && cached.version >= (readInThisCommand(stream) ?? Infinity)) return cached;
  const newer = (await store.readStreamAfter(stream, cached?.version ?? 0)).map(decodeEvent);
  const last = newer.at(-1);
  const loaded: Loaded<S> = last
    ? {
        stream,
        state: newer.reduce(aggregate.evolve, cached?.state ?? aggregate.initialState()),
        version: last.version,
        position: last.position,
        hash: last.hash,
      }
    : (cached ?? { stream, state: aggregate.initialState(), version: 0, position: 0, hash: null });
  cache.set(aggregate, loaded);
  recordRead(stream, loaded.version);
  return loaded;
}
