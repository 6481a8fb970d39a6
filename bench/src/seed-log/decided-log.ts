import { currentSchemaVersion, streamOf } from '@building/events/catalogue';
import type { StoredEvent } from '@building/events/envelope';
import { hashEvent } from '@building/events/hash-chain';
import type { Decision, DecidingLog } from '@building/command-service/scenario/decision';
import { aggregateOfStream } from '@building/command-service/scenario/stream-states';
import type { SeededRandom } from './seeded-random.ts';

interface Head {
  version: number;
  hash: string | null;
  state: unknown;
}

/**
 * The event store, in memory, for deciding a synthetic history: each stream's state (folded with
 * its aggregate's own evolve), version and hash head. `record` does what the store's append does
 * (routes each event to its stream, numbers it, chains its hash) and hands the envelopes on.
 */
export class DecidedLog implements DecidingLog {
  private readonly heads = new Map<string, Head>();
  private position: number;
  private minutes = 0;
  private readonly random: SeededRandom;
  private readonly start: Date;
  private readonly emit: (event: StoredEvent) => void;

  constructor(random: SeededRandom, start: Date, firstPosition: number, emit: (event: StoredEvent) => void) {
    this.random = random;
    this.start = start;
    this.emit = emit;
    this.position = firstPosition - 1;
  }

  /** A stream's state as its aggregate folds it (the initial state when it has no events). */
  state<S>(stream: string): S {
    const head = this.heads.get(stream);
    return (head ? head.state : aggregateOfStream(stream).initialState()) as S;
  }

  /** The time the next command carries: one minute after the previous one. */
  now(): Date {
    return new Date(this.start.getTime() + this.minutes * 60_000);
  }

  /** Appends a decision's events (one command, one transaction), then moves the clock on. */
  record({ events, actor }: Decision): void {
    const correlationId = this.random.uuid();
    const occurredAt = this.now().toISOString();
    for (const event of events) {
      const stream = streamOf(event);
      const aggregate = aggregateOfStream(stream);
      const head = this.heads.get(stream) ?? { version: 0, hash: null, state: aggregate.initialState() };
      const fields = {
        id: this.random.uuid(),
        stream,
        version: head.version + 1,
        type: event.type,
        schemaVersion: currentSchemaVersion[event.type],
        data: event.data,
        occurredAt,
        actor,
        correlationId,
        causationId: null,
        prevHash: head.hash,
      };
      const hash = hashEvent(fields);
      this.heads.set(stream, { version: fields.version, hash, state: aggregate.evolve(head.state, event) });
      this.emit({ ...fields, hash, position: ++this.position });
    }
    this.minutes += 1;
  }
}
