import knex, { type Knex } from 'knex';
import type { Config } from '../config.ts';
import { createKafka } from '../kafka/kafka-client.ts';
import { kafkaReplay } from './kafka-replay.ts';
import type { ReplaySource } from './replay-source.ts';
import { storeReplay } from './store-replay.ts';

/** The database `npm start` runs (embedded Postgres, docs/architecture.md §2): the default for the ops tools. */
export function embeddedDatabaseUrl(config: Pick<Config, 'EMBEDDED_PG_PORT'>): string {
  return `postgres://postgres:building@127.0.0.1:${config.EMBEDDED_PG_PORT}/postgres`;
}

export function databaseUrl(config: Config): string {
  return config.DATABASE_URL ?? embeddedDatabaseUrl(config);
}

/** A small pool for an ops command; its own failure line replaces knex's connection-error stack. */
export function openDatabase(url: string, maxConnections = 4): Knex {
  return knex({
    client: 'pg',
    connection: url,
    pool: { min: 0, max: maxConnections },
    log: {
      warn: (message: string) => {
        if (!message.startsWith('Acquire connection error')) console.warn(message);
      },
    },
  });
}

export type SourceName = ReplaySource['name'];

/** Kafka when brokers are configured (the distributed mode), else the event store; `choice` overrides. */
export function openReplaySource(config: Config, choice?: SourceName): ReplaySource {
  const name = choice ?? (config.kafkaBrokers.length > 0 ? 'kafka' : 'store');
  if (name === 'kafka') {
    if (config.kafkaBrokers.length === 0) throw new Error('--source kafka needs KAFKA_BROKERS');
    const kafka = createKafka({ brokers: config.kafkaBrokers, clientId: 'building-audit' });
    return kafkaReplay(kafka, { topicPrefix: config.KAFKA_TOPIC_PREFIX });
  }
  const db = openDatabase(databaseUrl(config), 2);
  const source = storeReplay(db);
  return { ...source, close: () => db.destroy() };
}
