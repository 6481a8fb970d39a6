import type { CommandMetadata, StoredEvent } from '@building/events/envelope';
import { parseEventData, streamOf, type DomainEvent } from '@building/events/catalogue';
import { refuse } from '@building/events/domain-error';
import { ConcurrencyError } from '../event-store/concurrency-error.ts';
import type { EventStore } from '../event-store/event-store.ts';
import type { Loaded } from './aggregate.ts';
import type { CommandContext } from './command-context.ts';

export interface CommandHandling<C> {
  /** The command's name as its decider knows it (e.g. `AcceptAgreement`): what metrics and traces call it. */
  command: string;
  /** Reads every aggregate the decision depends on; re-run on each attempt. */
  load: () => Promise<C>;
  /** The pure decision: the events to record (none when nothing changes), or a thrown DomainError. */
  decide: (context: C) => DomainEvent[];
}

export interface CommandResult {
  events: StoredEvent[];
  /** The global position of the last event recorded, or of the loaded streams' last one for a no-op. */
  position: number;
}

const attempts = 6;

/**
 * Load, decide, append: the events go to the streams they name (streamOf), all in one transaction,
 * each at the version its state was read at. A stream the decision did not read (e.g. the user's
 * stream on accept) is appended at its current version. A lost race re-runs the whole decision on
 * fresh state, taking turns with the context's other losers on that stream (so fifty requests for
 * one apartment do not collide fifty times); after a few lost races the caller gets 409.
 */
export async function handleCommand<C extends object>(
  context: CommandContext,
  handling: CommandHandling<C>,
  meta: CommandMetadata,
): Promise<CommandResult> {
  return context.observer.observe(handling.command, meta, () => decideWithRetries(context, handling, meta));
}

async function decideWithRetries<C extends object>(
  context: CommandContext,
  handling: CommandHandling<C>,
  meta: CommandMetadata,
): Promise<CommandResult> {
  const attempt = () => decideAndAppend(context, handling, meta);
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof ConcurrencyError)) throw error;
    let lost: ConcurrencyError = error;
    for (let retry = 1; retry < attempts; retry++) {
      context.scope.forget();
      try {
        return await context.retries(lost.stream, attempt);
      } catch (again) {
        if (!(again instanceof ConcurrencyError)) throw again;
        lost = again;
        // Another process won: jitter so that we do not collide with it in lockstep.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * retry));
      }
    }
    throw refuse('concurrent-change', 'the data changed while we were deciding: please try again');
  }
}

async function decideAndAppend<C extends object>(
  { store, scope }: CommandContext,
  handling: CommandHandling<C>,
  meta: CommandMetadata,
): Promise<CommandResult> {
  const read = await handling.load();
  const events = handling.decide(read);
  const loaded = Object.values(read).filter(isLoaded);
  if (events.length === 0) return { events: [], position: Math.max(0, ...loaded.map((l) => l.position)) };
  // A decision that breaks the catalogue is our bug; checking here keeps it out of the log.
  for (const event of events) parseEventData(event.type, event.data);
  const result = await store.append(await appendRequests(store, events, loaded), meta);
  scope.forget(); // the streams moved on: a later command of this request reads them again
  return result;
}

/**
 * One append request per stream the events go to, each at the version (and head hash) it was read
 * at; the heads of streams the decision did not read are read together, once.
 */
async function appendRequests(store: EventStore, events: DomainEvent[], loaded: Loaded<unknown>[]) {
  const byStream = new Map<string, DomainEvent[]>();
  for (const event of events) {
    const stream = streamOf(event);
    byStream.set(stream, [...(byStream.get(stream) ?? []), event]);
  }
  const unread = [...byStream.keys()].filter((stream) => !loaded.some((l) => l.stream === stream));
  const heads = unread.length > 0 ? await store.streamHeads(unread) : new Map();
  return [...byStream].map(([stream, streamEvents]) => {
    const head = loaded.find((l) => l.stream === stream) ?? heads.get(stream);
    return {
      stream,
      expectedVersion: head?.version ?? 0,
      prevHash: head?.hash ?? null,
      events: streamEvents,
    };
  });
}

function isLoaded(value: unknown): value is Loaded<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'stream' in value &&
    'version' in value &&
    'state' in value &&
    'hash' in value
  );
}
