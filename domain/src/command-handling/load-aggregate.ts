import { decodeEvent } from '@building/events/decode-event';
import type { Aggregate, Loaded } from './aggregate.ts';
import type { CommandContext } from './command-context.ts';

/**
 * Reads a stream (validated and upcast) and folds it. The folded state stays in the context's cache
 * with its version, so a stream is read once and afterwards only its newer events (usually none),
 * which also sees what other processes appended; within one command, not even that is asked twice
 * (command-scope.ts). States are never mutated (evolve returns new ones), so concurrent commands
 * may share one.
 */
export async function loadAggregate<S>(
  context: Pick<CommandContext, 'store' | 'cache' | 'scope'>,
  stream: string,
  aggregate: Aggregate<S>,
): Promise<Loaded<S>> {
  const { store, cache, scope } = context;
  const cached = cache.get(aggregate, stream);
  // Already brought up to date by this very command: no second read.
  if (cached && cached.version >= (scope.readUpTo(stream) ?? Infinity)) return cached;
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
  scope.recordRead(stream, loaded.version);
  return loaded;
}
