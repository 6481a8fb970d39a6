import { randomUUID } from 'node:crypto';
import { streamOf, type DomainEvent } from '@building/events/catalogue';
import type { PostgresEventStore } from '@building/infra/event-store/event-store';
import type { Decision, DecidingLog } from '../scenario/decision.ts';
import { StreamStates } from '../scenario/stream-states.ts';

/**
 * Test support: scenario steps decided on what this history appended, and appended through the real
 * store, one transaction per command (several streams where the decision says so). `timeOf(n)` is
 * the time the n-th command (from 0) carries.
 */
export function storeHistory(store: PostgresEventStore, timeOf: (command: number) => Date) {
  const states = new StreamStates();
  let commands = 0;
  const log: DecidingLog = { state: (stream) => states.state(stream), now: () => timeOf(commands) };

  async function record({ events, actor }: Decision) {
    const now = log.now();
    commands += 1;
    if (events.length === 0) return { position: await store.lastPosition(), now, events: [] };
    const byStream = new Map<string, DomainEvent[]>();
    for (const event of events) {
      const stream = streamOf(event);
      byStream.set(stream, [...(byStream.get(stream) ?? []), event]);
    }
    const requests = [];
    for (const [stream, decided] of byStream)
      requests.push({ stream, expectedVersion: await store.streamVersion(stream), events: decided });
    const result = await store.append(requests, { now, actor, correlationId: randomUUID() });
    for (const event of events) states.evolve(streamOf(event), event);
    return { position: result.position, now, events: result.events };
  }

  return { log, record };
}
