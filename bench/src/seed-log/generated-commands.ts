import type { StoredEvent } from '@building/events/envelope';
import type { Caller } from '@building/domain/command-handling/caller';
import { createCommandContext, type CommandContext } from '@building/domain/command-handling/command-context';
import { InMemoryEventStore } from '@building/domain/event-store/in-memory-event-store';
import { DomainError } from '@building/events/domain-error';
import type { SeededRandom } from '@building/domain/testing/seeded-random';
import { streamPrefix, streams } from '@building/events/streams';

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
  /**
   * An apartment is done with: the streams written since the last call are forgotten, but the
   * building's own (coupons, announcements, prices, expenses, the admin), so the generator's memory
   * stays flat however long the history. A later command on a forgotten stream throws.
   */
  apartmentDone(): void;
}

/** Streams that outlive an apartment: its commands read and extend them for the whole history. */
const buildingWide = new Set(['coupon', 'announcement', 'tariff', 'expense']);

export function generatedCommands(options: {
  random: SeededRandom;
  admin: Caller;
  start: Date;
  firstPosition: number;
  emit: (events: readonly StoredEvent[]) => void;
}): GeneratedCommands {
  const { random, admin, start } = options;
  const written = new Set<string>();
  const store = new InMemoryEventStore({
    firstPosition: options.firstPosition,
    newId: random.uuid,
    keepLog: false,
    onAppend: (events) => {
      for (const event of events) written.add(event.stream);
      options.emit(events);
    },
  });
  const keep = (stream: string) =>
    buildingWide.has(streamPrefix(stream)) || stream === streams.user(admin.email);
  // The streams of the apartment at hand stay folded; the least recently used (done with) go first.
  const context = createCommandContext({ store, newId: random.uuid, cacheSize: 1_000 });
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
    apartmentDone() {
      for (const stream of written) if (!keep(stream)) store.forget(stream);
      written.clear();
    },
  };
}
