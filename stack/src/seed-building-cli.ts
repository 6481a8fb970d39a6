import knex from 'knex';
import { seedBuilding } from '@building/command-service/seed/seed-building';
import { loadConfig } from '@building/infra/config';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';

// Lists the building's apartments in the store at DATABASE_URL (distributed mode; idempotent).
const config = loadConfig();
if (!config.DATABASE_URL) throw new Error('DATABASE_URL is not set');
const db = knex({ client: 'pg', connection: config.DATABASE_URL, pool: { min: 0, max: 2 } });
try {
  await migrateEventStore(db);
  const store = new PostgresEventStore(db, {
    outbox: config.kafkaBrokers.length > 0,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
  });
  const { listed } = await seedBuilding(store, new Date());
  console.log(`[seed] ${listed} apartment(s) listed`);
} finally {
  await db.destroy();
}
