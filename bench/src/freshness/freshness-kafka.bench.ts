import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createCommandContext } from '@building/domain/command-handling/command-context';
import { addCoupon } from '@building/domain/coupon/commands';
import { startKafkaBroker } from '@building/kafka-broker/broker';
import { freePort } from '@building/ports/ports';
import { loadConfig } from '@building/infra/config';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { ensureTopics } from '@building/infra/kafka/ensure-topics';
import { createKafka } from '@building/infra/kafka/kafka-client';
import { startOutboxRelay } from '@building/infra/kafka/outbox-relay';
import { startProjector } from '@building/projector/start-projector';
import { startQueryService } from '@building/query-service/start-query-service';
import type { Benchmark } from '../benchmark.ts';
import { backgroundPerSecond, measureFreshness, pollerReadBudget, probes } from './measure-freshness.ts';

const jwtSecret = 'bench-secret-bench-secret-bench-secret-01';

/**
 * Freshness, distributed mode: the store writes the outbox, the relay publishes to a real Kafka
 * broker (KAFKA_BROKERS, else one started from the Maven-fetched jars), the projector consumes as
 * its consumer group and the query-service reads. Each probe adds a coupon through its command
 * handler, appended to the store (with its outbox row), timed from the command's start. Target: p99 <= 50 ms.
 */
export const freshnessKafka: Benchmark = {
  name: 'freshness-kafka',
  summary: `command -> visible in a query via Kafka, ${probes} probes under ${backgroundPerSecond} commands/s`,
  async run(context) {
    const dataDir = mkdtempSync(join(tmpdir(), 'building-bench-kafka-'));
    const broker = process.env.KAFKA_BROKERS
      ? null
      : await startKafkaBroker({ port: await freePort(), dataDir });
    const brokers = process.env.KAFKA_BROKERS ?? broker!.brokers.join(',');
    const topicPrefix = `bench-${randomUUID().slice(0, 8)}.`;
    const database = await context.database('freshness_kafka');
    await migrateEventStore(database.db);
    await ensureTopics(brokers.split(','), topicPrefix);
    const outbox = { outbox: true, topicPrefix };
    const store = new PostgresEventStore(database.db, outbox);
    const commands = createCommandContext({ store });
    const kafka = createKafka({ brokers: brokers.split(','), clientId: 'bench-relay' });
    const relay = startOutboxRelay({ db: database.db, kafka, pollMs: 50 });
    const config = loadConfig({
      DATABASE_URL: database.url,
      JWT_SECRET: jwtSecret,
      QUERY_PORT: '0',
      KAFKA_BROKERS: brokers,
      KAFKA_TOPIC_PREFIX: topicPrefix,
      ...pollerReadBudget,
    });
    const projector = await startProjector(config, { groupId: `bench-${topicPrefix}`, log: () => {} });
    const query = await startQueryService(config, { log: () => {} });
    try {
      return await measureFreshness({
        label: 'Kafka',
        target: 50,
        databaseUrl: database.url,
        store: outbox,
        queryUrl: query.url,
        progress: context.progress,
        command: async (code) => {
          const result = await addCoupon(commands, {
            code,
            discount: 10,
            description: 'freshness probe',
            caller: { email: 'admin@bench.test', role: 'admin', name: 'Bench Admin' },
            now: new Date(),
          });
          return result.position;
        },
      });
    } finally {
      await query.stop();
      await projector.stop();
      await relay.stop();
      await kafka.disconnect();
      await broker?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
