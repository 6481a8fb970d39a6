import { randomUUID } from 'node:crypto';
import { streams } from '@building/events/streams';
import { PostgresEventStore, type AppendResult } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import type { BenchContext } from './benchmark.ts';

/** An event store on a fresh database of its own. */
export async function freshStore(context: BenchContext, label: string) {
  const database = await context.database(label);
  await migrateEventStore(database.db);
  return { database, db: database.db, store: new PostgresEventStore(database.db) };
}

/**
 * A writer's next single-event append, as the command side makes them: it owns `streamCount`
 * user streams and takes them in turn (registering each, then updating its profile), tracking each
 * stream's head (version and hash, as a loaded aggregate does) so that no append loses a race and
 * none needs a read of its own.
 */
export function userStreamWriter(writer: number, streamCount = 25) {
  const heads = Array.from({ length: streamCount }, () => ({ version: 0, hash: null as string | null }));
  let turn = 0;
  return async (store: PostgresEventStore): Promise<AppendResult> => {
    const slot = turn++ % streamCount;
    const head = heads[slot]!;
    const email = `writer${writer}-${slot}@bench.test`;
    const data = { email, name: `Writer ${writer}.${slot} (${head.version})`, photoURL: '' };
    const result = await store.append(
      [
        {
          stream: streams.user(email),
          expectedVersion: head.version,
          prevHash: head.hash,
          events: [{ type: head.version === 0 ? 'UserRegistered' : 'ProfileUpdated', data }],
        },
      ],
      { now: new Date(), actor: { email, role: 'user' }, correlationId: randomUUID() },
    );
    const last = result.events.at(-1)!;
    heads[slot] = { version: last.version, hash: last.hash };
    return result;
  };
}
