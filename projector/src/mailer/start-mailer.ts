import { createLogger, type Logger } from '@building/infra/logging/logger';
import knex from 'knex';
import { allTopics } from '@building/events/streams';
import { collectConsumerLag } from '@building/infra/metrics/collectors';
import type { HealthCheck } from '@building/infra/metrics/health';
import { brokerCheck, databaseCheck } from '@building/infra/metrics/health-checks';
import { startMetricsPort } from '@building/infra/metrics/metrics-server';
import type { Config } from '@building/infra/config';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { createKafka } from '@building/infra/kafka/kafka-client';
import { ensureTopics } from '@building/infra/kafka/ensure-topics';
import { projectFromKafka } from '../sources/kafka-source.ts';
import { projectFromStore } from '../sources/store-source.ts';
import { createMailer, unconfirmedCount, type SendEmail } from './mailer.ts';
import { traceBatches } from '../trace-batches.ts';
import { migrateMailer } from './mailer-schema.ts';
import { smtpSender } from './smtp-transport.ts';

export const MAILER_GROUP_ID = 'building-mailer';
const MAILER_TAIL_ID = 'mailer';

/**
 * Sends the product's emails: from Kafka as its own consumer group when brokers are configured
 * (distributed mode), else by tailing the event store with its own checkpoint (embedded mode).
 */
export async function startMailer(
  config: Config,
  options: { send?: SendEmail; groupId?: string; log?: (line: string) => void; logger?: Logger } = {},
): Promise<{ stop(): Promise<void> }> {
  if (!config.DATABASE_URL) throw new Error('the mailer needs DATABASE_URL');
  const logger = options.logger ?? createLogger('mailer');
  const log = options.log ?? ((line: string) => logger.warn(line));
  const db = knex({ client: 'pg', connection: config.DATABASE_URL, pool: { min: 0, max: 3 } });
  const smtp = options.send ? null : smtpSender(config.SMTP_URL, config.MAIL_FROM);
  const close = async () => {
    smtp?.close();
    await db.destroy();
  };
  try {
    await migrateEventStore(db);
    await migrateMailer(db);
    const unconfirmed = await unconfirmedCount(db);
    if (unconfirmed > 0)
      log(`${unconfirmed} email(s) were claimed but not confirmed before a stop; they are not resent`);
    const mailer = traceBatches(
      createMailer({ db, send: options.send ?? smtp!.send, log, logger }),
      'mailer',
    );
    const groupId = options.groupId ?? MAILER_GROUP_ID;
    const metricsOn = (checks: Record<string, HealthCheck>, collectors: Array<() => void>) =>
      startMetricsPort(config, 'mailer', config.METRICS_PORT_MAILER, {
        checks: { database: databaseCheck(db), ...checks },
        collectors,
      });
    const onError = (error: unknown) =>
      log(`sending failed, will retry: ${error instanceof Error ? error.message : String(error)}`);

    if (config.kafkaBrokers.length > 0) {
      await ensureTopics(config.kafkaBrokers, config.KAFKA_TOPIC_PREFIX);
      const kafka = createKafka({ brokers: config.kafkaBrokers, clientId: 'building-mailer' });
      const source = await projectFromKafka({
        kafka,
        projector: mailer,
        topicPrefix: config.KAFKA_TOPIC_PREFIX,
        groupId,
        batchSize: 100,
      });
      const metrics = await metricsOn({ broker: brokerCheck(kafka) }, [
        collectConsumerLag(kafka, groupId, allTopics(config.KAFKA_TOPIC_PREFIX)),
      ]);
      return {
        async stop() {
          await metrics?.stop();
          await source.stop();
          await kafka.disconnect();
          await close();
        },
      };
    }

    const tailer = await projectFromStore({
      store: new PostgresEventStore(db),
      projector: mailer,
      tailId: MAILER_TAIL_ID,
      pollMs: 1000,
      onError,
    });
    const metrics = await metricsOn({}, []);
    return {
      async stop() {
        await metrics?.stop();
        await tailer.stop();
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}
