import type { Aggregate, Loaded } from './aggregate.ts';

export type AggregateCache = ReturnType<typeof createAggregateCache>;

/**
 * Folded aggregates by aggregate and stream, each with the version it was folded to; the least
 * recently used go first once `maxStreams` are held (per aggregate). A newer version never gives
 * way to an older one that a slower concurrent read brings back.
 */
export function createAggregateCache(maxStreams = 10_000) {
  const byAggregate = new Map<object, Map<string, Loaded<unknown>>>();
  const entriesOf = (aggregate: object) => {
    let entries = byAggregate.get(aggregate);
    if (!entries) byAggregate.set(aggregate, (entries = new Map()));
    return entries;
  };
  return {
    get<S>(aggregate: Aggregate<S>, stream: string): Loaded<S> | undefined {
      const entries = entriesOf(aggregate);
      const loaded = entries.get(stream);
      if (loaded) {
        entries.delete(stream); // re-inserting marks it most recently used
        entries.set(stream, loaded);
      }
      return loaded as Loaded<S> | undefined;
    },
    set<S>(aggregate: Aggregate<S>, loaded: Loaded<S>): void {
      const entries = entriesOf(aggregate);
      const held = entries.get(loaded.stream);
      if (held && held.version >= loaded.version) return;
      entries.delete(loaded.stream);
      entries.set(loaded.stream, loaded);
      if (entries.size > maxStreams) entries.delete(entries.keys().next().value!);
    },
  };
}
