import { afterAll, beforeAll } from 'vitest';
import { eventStoreContract } from '@building/domain/testing/event-store-contract';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { migrateEventStore } from './schema.ts';
import { PostgresEventStore } from './event-store.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase('store_contract');
  await migrateEventStore(test.db);
});
afterAll(() => test.drop());

eventStoreContract('the Postgres store', () => new PostgresEventStore(test.db));
