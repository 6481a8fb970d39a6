import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '@building/events/envelope';
import { allTopics, categoryOfStream, topicFor } from '@building/events/streams';
import { loadConfig } from '@building/infra/config';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { ensureTopics } from '@building/infra/kafka/ensure-topics';
import { createKafka, type KafkaClient } from '@building/infra/kafka/kafka-client';
import { startOutboxRelay, type OutboxRelay } from '@building/infra/kafka/outbox-relay';
import { kafkaBrokers, missing } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { startSmtpSink, type RunningSmtpSink } from '@building/smtp-sink/start-smtp-sink';
import { buildingHistory } from '@building/domain/testing/building-history';
import { startMailer } from './start-mailer.ts';

const unique = () => randomBytes(4).toString('hex');
const ana = 'ana@building.test';

/** The mailer as its own Kafka consumer group (the distributed mode), against the real SMTP sink. */
describe.skipIf(missing('postgres') || missing('kafka'))('the Kafka-fed mailer', () => {
  const prefix = `t${unique()}.`;
  let test: TestDatabase;
  let kafka: KafkaClient;
  let relay: OutboxRelay;
  let sink: RunningSmtpSink;

  beforeAll(async () => {
    test = await createTestDatabase('kafka_mailer');
    await migrateEventStore(test.db);
    await ensureTopics(kafkaBrokers(), prefix);
    kafka = createKafka({ brokers: kafkaBrokers(), clientId: 'mailer-test' });
    relay = startOutboxRelay({ db: test.db, kafka, pollMs: 50 });
    sink = await startSmtpSink({ smtpPort: 0, mailboxPort: 0 });
  });
  afterAll(async () => {
    await relay?.stop();
    await kafka?.admin().deleteTopics(allTopics(prefix));
    await kafka?.disconnect();
    await sink?.stop();
    await test?.drop();
  });

  it('sends each email once, though Kafka delivers its events twice', async () => {
    const store = new PostgresEventStore(test.db, { outbox: true, topicPrefix: prefix });
    const config = loadConfig({
      DATABASE_URL: test.url,
      KAFKA_BROKERS: kafkaBrokers().join(','),
      KAFKA_TOPIC_PREFIX: prefix,
      SMTP_URL: sink.smtpUrl,
    });
    const mailer = await startMailer(config, { groupId: `mailer-${unique()}`, log: () => {} });
    try {
      const history = buildingHistory(store);
      await history.register(ana, 'Ana');
      await history.list(2, { rent: 15_000 });
      const { requestId } = await history.request(2, ana);
      await history.accept(requestId);
      await history.pay(ana, 2, 'June', 2026);
      // At-least-once delivery: the same events again, and a message that is not an event.
      const producer = kafka.producer();
      const events: StoredEvent[] = [];
      for await (const page of store.readAll()) events.push(...page);
      for (const event of events)
        await producer.send(topicFor(categoryOfStream(event.stream), prefix), [
          { key: event.stream, value: JSON.stringify(event) },
        ]);
      await producer.send(topicFor('payment', prefix), [{ key: 'payment-x', value: '{not json' }]);
      await producer.disconnect();

      for (let i = 0; i < 450 && sink.mailbox.list().length < 2; i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      // Give the duplicates time to arrive; they must send nothing.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      // Sorted: the agreement and payment topics may arrive in either order.
      expect(
        sink.mailbox
          .list()
          .map((m) => m.subject)
          .sort(),
      ).toEqual(['Receipt: rent for June 2026, ৳ 15,000', 'Your agreement for apartment 102 is accepted']);
    } finally {
      await mailer.stop();
    }
  });
});
