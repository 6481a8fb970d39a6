import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { createProjector, type Projector } from '../apply-events.ts';
import { liveTarget, type ProjectionTarget } from '../projection-target.ts';
import { migrateProjector } from '../projector-schema.ts';
import { projections } from '../projections/registry.ts';
import { buildingHistory } from '@building/domain/testing/building-history';

/**
 * Test support: a fresh database with the event store and every live view, a history writer, and
 * `catchUp()` which projects whatever was appended since the last call (deterministic: no tailer).
 */
export async function createViewsHarness(label = 'views') {
  const test: TestDatabase = await createTestDatabase(label);
  await migrateEventStore(test.db);
  const targets = projections.map(liveTarget);
  await migrateProjector(test.db, targets);
  const store = new PostgresEventStore(test.db);
  const parkedLines: string[] = [];
  const projector: Projector = createProjector({
    db: test.db,
    targets,
    log: (line) => parkedLines.push(line),
  });
  let read = 0;
  return {
    test,
    db: test.db,
    store,
    targets,
    projector,
    parkedLines,
    history: buildingHistory(store),
    async catchUp() {
      for await (const page of store.readAll({ from: read })) {
        await projector.project(page);
        read = page.at(-1)!.position;
      }
    },
    drop: () => test.drop(),
  };
}
export type ViewsHarness = Awaited<ReturnType<typeof createViewsHarness>>;

/** A digest of every view table's rows (ordered by primary key), checkpoints included. */
export async function hashViews(db: Knex, targets: readonly ProjectionTarget[]): Promise<string> {
  const hash = createHash('sha256');
  for (const target of targets) {
    for (const table of [...Object.values(target.tables), target.checkpoints]) {
      const { rows } = await db.raw(`select * from ${table} order by 1`);
      hash.update(`${table}\n${JSON.stringify(rows)}\n`);
    }
  }
  return hash.digest('hex');
}
