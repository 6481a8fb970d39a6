import knex from 'knex';
import type { Config } from '@building/infra/config';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { createKafka } from '@building/infra/kafka/kafka-client';
import { ensureTopics } from '@building/infra/kafka/ensure-topics';
import { createProjector, type ProjectorLog } from './apply-events.ts';
import { liveTarget } from './projection-target.ts';
import { migrateProjector } from './projector-schema.ts';
import { projections } from './projections/registry.ts';
import { projectFromKafka, PROJECTOR_GROUP_ID } from './sources/kafka-source.ts';
import { projectFromStore } from './sources/store-source.ts';

/**
 * Builds the views: from Kafka as consumer group 'building-projector' when brokers are
 * configured (distributed mode), else by tailing the event store (embedded mode).
 */
export async function startProjector(
  config: Config,
  options: { groupId?: string; log?: ProjectorLog } = {},
): Promise<{ stop(): Promise<void> }> {
  if (!config.DATABASE_URL) throw new Error('the projector needs DATABASE_URL');
  const db = knex({ client: 'pg', connection: config.DATABASE_URL, pool: { min: 0, max: 5 } });
  try {
    await migrateEventStore(db);
    const targets = projections.map(liveTarget);
    await migrateProjector(db, targets);
    const projector = createProjector({ db, targets, log: options.log });

    if (config.kafkaBrokers.length > 0) {
      await ensureTopics(config.kafkaBrokers, config.KAFKA_TOPIC_PREFIX);
      const kafka = createKafka({ brokers: config.kafkaBrokers, clientId: 'building-projector' });
      const source = await projectFromKafka({
        kafka,
        projector,
        topicPrefix: config.KAFKA_TOPIC_PREFIX,
        groupId: options.groupId ?? PROJECTOR_GROUP_ID,
        sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS,
        // One partition's busy batch (say, a burst of profile updates) does not hold up the others'
        // events: per-stream order needs only each partition's batches in order. Within the pool (5).
        concurrency: 4,
      });
      return {
        async stop() {
          await source.stop();
          await kafka.disconnect();
          await db.destroy();
        },
      };
    }

    const tailer = await projectFromStore({ store: new PostgresEventStore(db), projector });
    return {
      async stop() {
        await tailer.stop();
        await db.destroy();
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
