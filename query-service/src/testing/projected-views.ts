import type { Knex } from 'knex';
import { buildingHistory } from '@building/domain/testing/building-history';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { eventToApply, isApplied } from '@building/infra/read-models/applied-position';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { startProjectorProcess } from './projector-process.ts';

/** What the query-service's tests read from: a database whose views a projector builds, and a history writer. */
export interface Views {
  test: TestDatabase;
  db: Knex;
  store: PostgresEventStore;
  history: ReturnType<typeof buildingHistory>;
  /** Resolves once the views have applied everything appended so far. */
  catchUp(): Promise<void>;
  drop(): Promise<void>;
}

/**
 * Test support: a fresh database with the event store, the projector running beside it as its own
 * process (tailing the store, as in the embedded mode), and a history writer.
 */
export async function createProjectedViews(label = 'views'): Promise<Views> {
  const test = await createTestDatabase(label);
  await migrateEventStore(test.db);
  const projector = await startProjectorProcess(test.url);
  const store = new PostgresEventStore(test.db);
  let read = 0;
  return {
    test,
    db: test.db,
    store,
    history: buildingHistory(store),
    async catchUp() {
      // Each stream's last event since the last call: a stream's versions apply in order.
      const heads: Array<{ position: string }> = await test
        .db('events')
        .where('position', '>', read)
        .groupBy('stream')
        .select(test.db.raw('max(position) as position'));
      for (const { position } of heads) {
        const event = await eventToApply(test.db, Number(position));
        for (let i = 0; event && !(await isApplied(test.db, event)); i++) {
          if (i > 1500) throw new Error(`the projector never applied position ${position}`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        read = Math.max(read, Number(position));
      }
    },
    async drop() {
      await projector.stop();
      await test.drop();
    },
  };
}
