import { allTopics } from '@building/events/streams';
import { createKafka } from './kafka-client.ts';

/** Partitions per category topic: keys (stream ids) spread projector work over the group. */
export const topicPartitions = 3;

/**
 * Creates the six category topics under `prefix` when missing (idempotent). Retention is infinite
 * so auditors can replay from offset 0 (docs/architecture.md §3); the broker does not auto-create topics.
 */
export async function ensureTopics(brokers: string[], prefix = ''): Promise<string[]> {
  const kafka = createKafka({ brokers, clientId: 'building-ensure-topics' });
  const topics = allTopics(prefix);
  const admin = kafka.admin();
  try {
    await retrying(() =>
      admin.createTopics(
        topics.map((topic) => ({ topic, numPartitions: topicPartitions, config: { 'retention.ms': '-1' } })),
      ),
    );
    // A new topic's metadata reaches the broker's cache a moment after creation: wait until every
    // partition is served, so the first producer or consumer does not meet "does not host this topic".
    for (const topic of topics) await retrying(() => admin.fetchTopicOffsets(topic));
    return topics;
  } finally {
    await kafka.disconnect();
  }
}

async function retrying<T>(attempt: () => Promise<T>, tries = 20, delayMs = 250): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
