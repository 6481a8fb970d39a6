import { allTopics } from '@building/events/streams';
import { createKafka } from './kafka-client.ts';

/** Partitions per category topic: keys (stream ids) spread projector work over the group. */
export const topicPartitions = 3;

/**
 * Creates the six category topics under `prefix` when missing (idempotent). Retention is infinite
 * so auditors can replay from offset 0 (DESIGN.md §3); the broker does not auto-create topics.
 */
export async function ensureTopics(brokers: string[], prefix = ''): Promise<string[]> {
  const kafka = createKafka({ brokers, clientId: 'building-ensure-topics' });
  const topics = allTopics(prefix);
  try {
    await kafka
      .admin()
      .createTopics(
        topics.map((topic) => ({ topic, numPartitions: topicPartitions, config: { 'retention.ms': '-1' } })),
      );
    return topics;
  } finally {
    await kafka.disconnect();
  }
}
