import { randomUUID } from 'node:crypto';
import { streamOf, type DomainEvent } from '@building/events/catalogue';
import type { PostgresEventStore } from '@building/infra/event-store/event-store';

/** Appends a test's history, each event to the stream the catalogue names, as the system. */
export async function appendHistory(
  store: PostgresEventStore,
  history: readonly DomainEvent[],
): Promise<void> {
  for (const event of history) {
    const stream = streamOf(event);
    await store.append([{ stream, expectedVersion: await store.streamVersion(stream), events: [event] }], {
      now: new Date(),
      actor: 'system',
      correlationId: randomUUID(),
    });
  }
}
