import { randomUUID } from 'node:crypto';
import type { CommandMetadata, NewEvent } from '@building/events/envelope';
import { streams } from '@building/events/streams';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import type { BenchContext } from './benchmark.ts';

/** An event store on a fresh database of its own. */
export async function freshStore(context: BenchContext, label: string) {
  const database = await context.database(label);
  await migrateEventStore(database.db);
  return { db: database.db, store: new PostgresEventStore(database.db) };
}

/**
 * A writer's next single-event append, as the command side makes them: it owns `streamCount`
 * user streams and takes them in turn (registering each, then updating its profile), tracking the
 * versions itself so that no append loses a race.
 */
export function userStreamWriter(writer: number, streamCount = 25) {
  const versions = new Array<number>(streamCount).fill(0);
  let turn = 0;
  return (): { stream: string; expectedVersion: number; events: NewEvent[]; meta: CommandMetadata } => {
    const slot = turn++ % streamCount;
    const email = `writer${writer}-${slot}@bench.test`;
    const expectedVersion = versions[slot]!++;
    const data = { email, name: `Writer ${writer}.${slot} (${expectedVersion})`, photoURL: '' };
    return {
      stream: streams.user(email),
      expectedVersion,
      events: [{ type: expectedVersion === 0 ? 'UserRegistered' : 'ProfileUpdated', data }],
      meta: { now: new Date(), actor: { email, role: 'user' }, correlationId: randomUUID() },
    };
  };
}
