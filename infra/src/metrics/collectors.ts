import type { Knex } from 'knex';
import type { ReadModel } from '@building/events/read-models/read-model';
import type { KafkaClient } from '../kafka/kafka-client.ts';
import { projectionLags } from '../read-models/projection-lag.ts';
import {
  kafkaConsumerLag,
  onScrape,
  outboxBacklog,
  projectionLagEvents,
  projectionLagSeconds,
  projectionParked,
  projectionPosition,
} from './metrics.ts';

/** The projection series, read from the views' database at each scrape; returns the removal. */
export function collectProjectionLag(db: Knex, models: readonly ReadModel[], clock = () => Date.now()) {
  return onScrape(async () => {
    for (const lag of await projectionLags(db, models)) {
      const labels = { projection: lag.projection };
      projectionPosition.set(labels, lag.position);
      projectionLagEvents.set(labels, lag.pendingEvents);
      projectionLagSeconds.set(
        labels,
        lag.oldestPendingAt ? Math.max(0, (clock() - lag.oldestPendingAt.getTime()) / 1000) : 0,
      );
      projectionParked.set(labels, lag.parked);
    }
  });
}

/** Events the relay has yet to publish. */
export function collectOutboxBacklog(db: Knex) {
  return onScrape(async () => {
    const row = await db('outbox').count<{ n: string }[]>('* as n').first();
    outboxBacklog.set(Number(row?.n ?? 0));
  });
}

/** A consumer group's lag per partition: the partition's end minus the group's committed offset. */
export function collectConsumerLag(kafka: KafkaClient, groupId: string, topics: readonly string[]) {
  const admin = kafka.admin();
  return onScrape(async () => {
    const committed = await admin.fetchGroupOffsets(groupId, [...topics]);
    const at = new Map(committed.map((c) => [`${c.topic}/${c.partition}`, BigInt(c.offset)]));
    for (const topic of topics)
      for (const end of await admin.fetchTopicOffsets(topic)) {
        const offset = at.get(`${topic}/${end.partition}`) ?? -1n;
        // Nothing committed yet: everything still stored is unread.
        const lag = BigInt(end.high) - (offset < 0n ? BigInt(end.low) : offset);
        kafkaConsumerLag.set({ group: groupId, topic, partition: String(end.partition) }, Number(lag));
      }
  });
}
