import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEvent } from '@building/events/decode-event';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { buildingApartments } from './building-apartments.ts';
import { seedBuilding } from './seed-building.ts';

describe('seeding the building', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    test = await createTestDatabase('seed');
    await migrateEventStore(test.db);
    store = new PostgresEventStore(test.db);
  });
  afterAll(() => test.drop());

  it('lists every apartment once, by the system, and adds nothing the second time', async () => {
    const now = new Date('2026-11-01T08:00:00Z');
    expect(await seedBuilding(store, now)).toEqual({ listed: buildingApartments().length });
    const position = await store.lastPosition();
    expect(await seedBuilding(store, now)).toEqual({ listed: 0 });
    expect(await store.lastPosition()).toBe(position);

    const events = [];
    for await (const page of store.readAll()) events.push(...page.map(decodeEvent));
    expect(events.map((e) => e.type)).toEqual(buildingApartments().map(() => 'ApartmentListed'));
    expect(events.map((e) => e.data)).toEqual(buildingApartments());
    expect(
      events.every((e) => e.actor === 'system' && e.stream === `apartment-${(e.data as { si: number }).si}`),
    ).toBe(true);
  });
});
