import { allTopics } from '@building/events/streams';
import type { IncomingMessage, KafkaClient } from '@building/infra/kafka/kafka-client';
import type { Projector } from '../apply-events.ts';

export const PROJECTOR_GROUP_ID = 'building-projector';

/**
 * Distributed mode: consumes every category topic as one consumer group (instances share the
 * partitions). Offsets are committed after the batch's transaction commits (at-least-once); the
 * per-stream checkpoints make redeliveries harmless. A message that is not JSON is passed on as
 * its text, so the projector parks it instead of the partition stalling on it.
 */
export async function projectFromKafka(options: {
  kafka: KafkaClient;
  projector: Projector;
  topicPrefix?: string;
  groupId?: string;
  batchSize?: number;
  sessionTimeoutMs?: number;
  /** Partitions whose batches are projected at once (each partition's still one at a time); default 1. */
  concurrency?: number;
}): Promise<{ stop(): Promise<void> }> {
  const consumer = options.kafka.consumer(options.groupId ?? PROJECTOR_GROUP_ID, {
    sessionTimeoutMs: options.sessionTimeoutMs,
  });
  const batchSize = options.batchSize ?? 2000;
  await consumer.run({
    topics: allTopics(options.topicPrefix),
    fromBeginning: true,
    partitionsConsumedConcurrently: options.concurrency ?? 1,
    eachBatch: async (batch) => {
      for (let start = 0; start < batch.messages.length; start += batchSize) {
        await options.projector.project(batch.messages.slice(start, start + batchSize).map(parseMessage));
        await batch.heartbeat();
      }
    },
  });
  return { stop: () => consumer.disconnect() };
}

function parseMessage(message: IncomingMessage): unknown {
  if (message.value === null) return null;
  try {
    return JSON.parse(message.value) as unknown;
  } catch {
    return message.value;
  }
}
