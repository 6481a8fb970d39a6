import type { StoredEvent } from '@building/events/envelope';
import type { Caller } from '@building/domain/command-handling/caller';
import { createCommandContext, type CommandContext } from '@building/domain/command-handling/command-context';
import { InMemoryEventStore } from '@building/domain/event-store/in-memory-event-store';
import { DomainError } from '@building/events/domain-error';
import type { SeededRandom } from '@building/domain/testing/seeded-random';

/**
 * Where a synthetic history is decided: the command handlers over an in-memory store, which
 * numbers, chains and hands on each append's events (`emit`); ids come from the seeded dice, and
 * each command carries the next minute.
 */
export interface GeneratedCommands {
  context: CommandContext;
  random: SeededRandom;
  admin: Caller;
  /** Runs one command at the next minute. */
  run<R extends { position: number }>(command: (now: Date) => Promise<R>): Promise<R>;
  /** run, for a command the rules may refuse (a coupon disabled meanwhile, a lease ended): null then. */
  attempt<R extends { position: number }>(command: (now: Date) => Promise<R>): Promise<R | null>;
  /** The time the next command carries. */
  now(): Date;
}

export function generatedCommands(options: {
  random: SeededRandom;
  admin: Caller;
  start: Date;
  firstPosition: number;
  emit: (events: readonly StoredEvent[]) => void;
}): GeneratedCommands {
  const { random, admin, start } = options;
  const store = new InMemoryEventStore({
    firstPosition: options.firstPosition,
    newId: random.uuid,
    onAppend: options.emit,
  });
  // Every stream of the history stays folded: an apartment's streams are done with when it is.
  const context = createCommandContext({ store, newId: random.uuid, cacheSize: 1_000_000 });
  let minutes = 0;
  const now = () => new Date(start.getTime() + minutes * 60_000);
  async function run<R extends { position: number }>(command: (now: Date) => Promise<R>): Promise<R> {
    const result = await command(now());
    minutes += 1;
    return result;
  }
  return {
    context,
    random,
    admin,
    run,
    async attempt(command) {
      try {
        return await run(command);
      } catch (error) {
        if (error instanceof DomainError) return null;
        throw error;
      }
    },
    now,
  };
}
