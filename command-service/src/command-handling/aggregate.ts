import type { DomainEvent } from '@building/events/catalogue';
import { decodeEvent } from '@building/events/decode-event';
import type { PostgresEventStore } from '@building/infra/event-store/event-store';

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
}

/** Reads a stream (validated and upcast) and folds it. */
export async function loadAggregate<S>(
  store: PostgresEventStore,
  stream: string,
  aggregate: Aggregate<S>,
): Promise<Loaded<S>> {
  const events = (await store.readStream(stream)).map(decodeEvent);
  const last = events.at(-1);
  return {
    stream,
    state: events.reduce(aggregate.evolve, aggregate.initialState()),
    version: last?.version ?? 0,
    position: last?.position ?? 0,
  };
}
