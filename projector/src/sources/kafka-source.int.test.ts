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
import { hasApplied } from '@building/infra/read-models/applied-position';
import { startProjector } from '../start-projector.ts';
import { buildingHistory } from '@building/domain/testing/building-history';
import { people, scriptedBuilding } from '@building/domain/testing/scripted-building';
import { createViewsHarness, hashViews } from '../testing/views-harness.ts';

const unique = () => randomBytes(4).toString('hex');

describe.skipIf(missing('postgres') || missing('kafka'))('the Kafka-fed projector (distributed mode)', () => {
  const prefix = `t${unique()}.`;
  const groupId = `projector-${unique()}`;
  let test: TestDatabase;
  let kafka: KafkaClient;
  let relay: OutboxRelay;
  let store: PostgresEventStore;
  let config: ReturnType<typeof loadConfig>;

  beforeAll(async () => {
    test = await createTestDatabase('kafka_views');
    await migrateEventStore(test.db);
    await ensureTopics(kafkaBrokers(), prefix);
    kafka = createKafka({ brokers: kafkaBrokers(), clientId: 'kafka-source-test' });
    // The command side's path: the store writes the outbox, the relay publishes it.
    store = new PostgresEventStore(test.db, { outbox: true, topicPrefix: prefix });
    relay = startOutboxRelay({ db: test.db, kafka, pollMs: 50 });
    config = loadConfig({
      DATABASE_URL: test.url,
      KAFKA_BROKERS: kafkaBrokers().join(','),
      KAFKA_TOPIC_PREFIX: prefix,
      JWT_SECRET: 'kafka-source-test-secret-0123456789abcdef',
    });
  });
  afterAll(async () => {
    await relay?.stop();
    await kafka?.admin().deleteTopics(allTopics(prefix));
    await kafka?.disconnect();
    await test?.drop();
  });

  const everyEvent = async () => {
    const events: StoredEvent[] = [];
    for await (const page of store.readAll()) events.push(...page);
    return events;
  };
  const until = async (what: string, check: () => Promise<boolean>) => {
    for (let waited = 0; waited < 45_000; waited += 100) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  };

  it('builds the same views from Kafka as from the store, despite duplicates and a poison message', async () => {
    const projector = await startProjector(config, { groupId, log: () => {} });
    try {
      const history = buildingHistory(store);
      await scriptedBuilding(history);
      const last = await store.lastPosition();
      // Redeliveries and garbage on the same topics, as an at-least-once pipe may produce.
      const producer = kafka.producer();
      const sample = (await everyEvent()).slice(0, 20);
      for (const event of sample) {
        await producer.send(topicFor(categoryOfStream(event.stream), prefix), [
          { key: event.stream, value: JSON.stringify(event) },
        ]);
      }
      await producer.send(topicFor('coupon', prefix), [{ key: 'coupon-x', value: '{not json' }]);
      await producer.disconnect();

      await until('the last event in the views', () => hasApplied(test.db, last));
      await until(
        'the poison message parked',
        async () => (await test.db('parked_events').where({ projection: '*' })).length === 1,
      );

      const twin = await createViewsHarness('kafka_twin');
      try {
        await twin.projector.project(await everyEvent());
        expect(await hashViews(test.db, twin.targets)).toBe(await hashViews(twin.db, twin.targets));
      } finally {
        await twin.drop();
      }
      const members = await test.db('members_v1_accounts').where({ member: true }).orderBy('email');
      expect(members.map((m) => m.email)).toEqual([people.alice.email, people.frank.email]);
    } finally {
      await projector.stop();
    }
  });

  it('resumes after a restart from the committed offsets', async () => {
    const history = buildingHistory(store);
    await history.addCoupon('AFTER-RESTART', 30);
    const projector = await startProjector(config, { groupId, log: () => {} });
    try {
      const last = await store.lastPosition();
      await until('the new coupon', () => hasApplied(test.db, last));
      expect(await test.db('coupons_v2_coupons').where({ code: 'AFTER-RESTART' }).first('status')).toEqual({
        status: 'available',
      });
    } finally {
      await projector.stop();
    }
  });
});
