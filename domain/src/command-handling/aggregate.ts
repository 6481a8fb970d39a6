import type { DomainEvent } from '@building/events/catalogue';

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
