import knex from 'knex';
import { loadConfig } from '@building/infra/config';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { ensureTopics } from '@building/infra/kafka/ensure-topics';
import { createKafka } from '@building/infra/kafka/kafka-client';
import { startOutboxRelay } from '@building/infra/kafka/outbox-relay';
import { collectOutboxBacklog } from '@building/infra/metrics/collectors';
import { brokerCheck, databaseCheck } from '@building/infra/metrics/health-checks';
import { startMetricsPort } from '@building/infra/metrics/metrics-server';
import { CannotStart, runMain } from '@building/infra/process/run-main';

// The outbox relay as a process of its own (distributed mode): publishes the event store's outbox
// to Kafka. Several may run; one holds the lock and publishes, the others stand by.
await runMain('outbox-relay', async () => {
  const config = loadConfig();
  if (!config.DATABASE_URL || config.kafkaBrokers.length === 0)
    throw new CannotStart('the outbox relay needs DATABASE_URL and KAFKA_BROKERS');
  const db = knex({ client: 'pg', connection: config.DATABASE_URL, pool: { min: 0, max: 2 } });
  await migrateEventStore(db);
  await ensureTopics(config.kafkaBrokers, config.KAFKA_TOPIC_PREFIX);
  const kafka = createKafka({ brokers: config.kafkaBrokers, clientId: 'building-outbox-relay' });
  const relay = startOutboxRelay({ db, kafka });
  const metrics = await startMetricsPort(config, 'outbox-relay', config.METRICS_PORT_OUTBOX_RELAY, {
    checks: { database: databaseCheck(db), broker: brokerCheck(kafka) },
    collectors: [collectOutboxBacklog(db)],
  });
  return {
    said: `relaying the outbox to ${config.kafkaBrokers.join(',')}`,
    async stop() {
      await metrics?.stop();
      await relay.stop();
      await kafka.disconnect();
      await db.destroy();
    },
  };
});
