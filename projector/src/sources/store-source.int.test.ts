import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '@building/events/envelope';
import { loadConfig } from '@building/infra/config';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { missing } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { hasApplied } from '@building/infra/read-models/applied-position';
import { startProjector } from '../start-projector.ts';
import { buildingHistory } from '@building/domain/testing/building-history';
import { scriptedBuilding } from '@building/domain/testing/scripted-building';
import { createViewsHarness, hashViews } from '../testing/views-harness.ts';
import { liveTarget } from '../projection-target.ts';
import { rentLedger } from '../projections/rent-ledger.ts';

describe.skipIf(missing('postgres'))('the store-tailing projector (embedded mode)', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('store_views');
    await migrateEventStore(test.db);
  });
  afterAll(() => test?.drop());

  const until = async (position: number) => {
    for (let waited = 0; waited < 30_000 && !(await hasApplied(test.db, position)); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await hasApplied(test.db, position)).toBe(true);
  };

  it('follows the store, resumes from its checkpoint after a restart, and matches a direct projection', async () => {
    const config = loadConfig({ DATABASE_URL: test.url });
    const store = new PostgresEventStore(test.db);
    const history = buildingHistory(store);

    let projector = await startProjector(config, { log: () => {} });
    await history.register('first@building.test', 'First');
    await history.list(1);
    await until(await store.lastPosition());
    await projector.stop();

    await scriptedBuilding(history); // written while no projector runs
    projector = await startProjector(config, { log: () => {} });
    await until(await store.lastPosition());
    await projector.stop();
    const tail = await test.db('projector_tail').first('position');
    expect(Number(tail.position)).toBe(await store.lastPosition());

    const events: StoredEvent[] = [];
    for await (const page of store.readAll()) events.push(...page);
    const twin = await createViewsHarness('store_twin');
    try {
      await twin.projector.project(events);
      expect(await hashViews(test.db, twin.targets)).toBe(await hashViews(twin.db, twin.targets));
    } finally {
      await twin.drop();
    }
  });
  it('builds a view it has no tables for (a new version) from the whole log when it starts', async () => {
    const config = loadConfig({ DATABASE_URL: test.url });
    const store = new PostgresEventStore(test.db);
    // As if the rent ledger's version were new to this database: the other views stand, it does not.
    const ledger = liveTarget(rentLedger);
    for (const table of [...Object.values(ledger.tables), ledger.checkpoints])
      await test.db.raw(`drop table ${table}`);
    await test.db('projection_status').where({ projection: ledger.key }).delete();
    const projector = await startProjector(config, { log: () => {} });
    await buildingHistory(store).register('later@building.test', 'Later');
    await until(await store.lastPosition());
    await projector.stop();
    expect(await test.db(ledger.tables.leases!).count('* as n').first()).not.toEqual({ n: '0' });

    const events: StoredEvent[] = [];
    for await (const page of store.readAll()) events.push(...page);
    const twin = await createViewsHarness('store_twin_ledger');
    try {
      await twin.projector.project(events);
      expect(await hashViews(test.db, [ledger])).toBe(await hashViews(twin.db, [ledger]));
    } finally {
      await twin.drop();
    }
  });
});
