import type { Actor } from '@building/events/envelope';
import type { EventStore } from '../event-store/event-store.ts';
import { createAggregateCache, type AggregateCache } from './aggregate-cache.ts';
import { unobserved, type CommandObserver } from './command-observer.ts';
import { createCommandScope, type CommandScope } from './command-scope.ts';
import { createKeyedQueue, type KeyedQueue } from './keyed-queue.ts';

/**
 * What every command handler works with: the store, and the per-process values that make loading
 * and retrying cheap: the folded aggregates (a cache is only as good as the store its versions
 * came from, so one per store), the queue the losers of a race retry in, and the request's scope.
 */
export interface CommandContext {
  store: EventStore;
  cache: AggregateCache;
  retries: KeyedQueue;
  scope: CommandScope;
  /** Names each command's correlation. */
  newId: () => string;
  observer: CommandObserver;
  /**
   * Who every command of this context is recorded as, whoever decides it: `import` for an
   * operator's import, which acts as the admins and residents would. Absent: each command's caller.
   */
  actor?: Actor;
}

export function createCommandContext(options: {
  store: EventStore;
  /** Streams held folded, per aggregate (default 10,000). */
  cacheSize?: number;
  newId?: () => string;
  /** Sees every command handled (default: none). */
  observer?: CommandObserver;
  actor?: Actor;
}): CommandContext {
  return {
    store: options.store,
    cache: createAggregateCache(options.cacheSize),
    retries: createKeyedQueue(),
    scope: createCommandScope(),
    newId: options.newId ?? (() => crypto.randomUUID()),
    observer: options.observer ?? unobserved,
    ...(options.actor && { actor: options.actor }),
  };
}
