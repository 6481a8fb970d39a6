import knex from 'knex';
import { readModels } from '@building/events/read-models/all-read-models';
import { allTopics } from '@building/events/streams';
import { collectConsumerLag, collectProjectionLag } from '@building/infra/metrics/collectors';
import type { HealthCheck } from '@building/infra/metrics/health';
import { brokerCheck, databaseCheck } from '@building/infra/metrics/health-checks';
import { startMetricsPort } from '@building/infra/metrics/metrics-server';
import type { Config } from '@building/infra/config';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { createKafka } from '@building/infra/kafka/kafka-client';
import { ensureTopics } from '@building/infra/kafka/ensure-topics';
import { createLogger, type Logger } from '@building/infra/logging/logger';
import { createProjector, type ProjectorLog } from './apply-events.ts';
import { buildNewViews } from './build-new-views.ts';
import { logBatches } from './log-batches.ts';
import { traceBatches } from './trace-batches.ts';
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
  options: { groupId?: string; log?: ProjectorLog; logger?: Logger } = {},
): Promise<{ stop(): Promise<void> }> {
  if (!config.DATABASE_URL) throw new Error('the projector needs DATABASE_URL');
  const logger = options.logger ?? createLogger('projector');
  const db = knex({ client: 'pg', connection: config.DATABASE_URL, pool: { min: 0, max: 5 } });
  try {
    await migrateEventStore(db);
    const log = options.log ?? ((line: string) => logger.warn(line));
    // A new view (or a new version of one) is built from the whole log before going live.
    await buildNewViews(db, projections, log);
    const targets = projections.map(liveTarget);
    await migrateProjector(db, targets);
    const projector = logBatches(traceBatches(createProjector({ db, targets, log }), 'projector'), logger);
    const groupId = options.groupId ?? PROJECTOR_GROUP_ID;
    // The metrics port (METRICS_PORT_PROJECTOR): the views' lag, and the group's in the Kafka mode.
    const metricsOn = (checks: Record<string, HealthCheck>, collectors: Array<() => void>) =>
      startMetricsPort(config, 'projector', config.METRICS_PORT_PROJECTOR, {
        checks: { database: databaseCheck(db), ...checks },
        collectors: [collectProjectionLag(db, readModels), ...collectors],
      });

    if (config.kafkaBrokers.length > 0) {
      await ensureTopics(config.kafkaBrokers, config.KAFKA_TOPIC_PREFIX);
      const kafka = createKafka({ brokers: config.kafkaBrokers, clientId: 'building-projector' });
      const source = await projectFromKafka({
        kafka,
        projector,
        topicPrefix: config.KAFKA_TOPIC_PREFIX,
        groupId,
        sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS,
        // One partition's busy batch (say, a burst of profile updates) does not hold up the others'
        // events: per-stream order needs only each partition's batches in order. Within the pool (5).
        concurrency: 4,
      });
      const metrics = await metricsOn({ broker: brokerCheck(kafka) }, [
        collectConsumerLag(kafka, groupId, allTopics(config.KAFKA_TOPIC_PREFIX)),
      ]);
      return {
        async stop() {
          await metrics?.stop();
          await source.stop();
          await kafka.disconnect();
          await db.destroy();
        },
      };
    }

    const tailer = await projectFromStore({ store: new PostgresEventStore(db), projector });
    const metrics = await metricsOn({}, []);
    return {
      async stop() {
        await metrics?.stop();
        await tailer.stop();
        await db.destroy();
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
