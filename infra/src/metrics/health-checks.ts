import { Redis } from 'ioredis';
import type { Knex } from 'knex';
import type { ReadModel } from '@building/events/read-models/read-model';
import type { KafkaClient } from '../kafka/kafka-client.ts';
import { projectionLags } from '../read-models/projection-lag.ts';
import type { HealthCheck } from './health.ts';

export const databaseCheck =
  (db: Knex): HealthCheck =>
  async () => {
    await db.raw('select 1');
  };

/** The broker answers a metadata request. */
export function brokerCheck(kafka: KafkaClient): HealthCheck {
  const admin = kafka.admin();
  return async () => {
    const cluster = await admin.describeCluster();
    return `${cluster.brokers} broker(s)`;
  };
}

/** Redis answers PING, on a connection of its own that fails fast (closed by `close`). */
export function redisCheck(url: string): { check: HealthCheck; close(): Promise<void> } {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 1000 });
  redis.on('error', () => {}); // the check reports it
  return {
    check: async () => {
      await redis.ping();
    },
    close: async () => {
      redis.disconnect();
    },
  };
}

/** Every projection within `maxEvents` unapplied events of the log (the views are fresh enough to serve). */
export const projectionLagCheck =
  (db: Knex, models: readonly ReadModel[], maxEvents: number): HealthCheck =>
  async () => {
    const lags = await projectionLags(db, models);
    const behind = lags.filter((lag) => lag.pendingEvents > maxEvents);
    if (behind.length > 0)
      throw new Error(
        `behind by more than ${maxEvents} events: ${behind.map((l) => `${l.projection} (${l.pendingEvents})`).join(', ')}`,
      );
    return `most behind: ${Math.max(0, ...lags.map((l) => l.pendingEvents))} event(s)`;
  };
