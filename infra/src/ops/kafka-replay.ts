import { randomUUID } from 'node:crypto';
import { envelopeSchema, type StoredEvent } from '@building/events/envelope';
import { topicFor, type Category } from '@building/events/streams';
import type { IncomingMessage, KafkaClient } from '../kafka/kafka-client.ts';
import type { ReplayProgress, ReplaySource } from './replay-source.ts';

/**
 * Replays the category topics from offset 0 with a throw-away consumer group that commits
 * nothing, up to the high-water marks taken at the start. Partitions interleave and the relay
 * delivers at least once, so events are deduplicated by id and put back in position order
 * (the replay is held in memory until the end marks are reached).
 */
export function kafkaReplay(
  kafka: KafkaClient,
  options: { topicPrefix?: string; stallMs?: number } = {},
): ReplaySource {
  return {
    name: 'kafka',
    async *replay(categories: readonly Category[], progress?: ReplayProgress) {
      const events = await consumeToEnd(
        kafka,
        categories.map((c) => topicFor(c, options.topicPrefix)),
        options.stallMs ?? 30_000,
        progress,
      );
      progress?.stop();
      yield* events;
    },
    close: () => kafka.disconnect(),
  };
}

async function consumeToEnd(
  kafka: KafkaClient,
  wanted: string[],
  stallMs: number,
  progress?: ReplayProgress,
): Promise<StoredEvent[]> {
  const admin = kafka.admin();
  const existing = new Set(await admin.listTopics());
  const topics = wanted.filter((t) => existing.has(t));
  // Next offset to reach per partition; partitions with nothing stored are done from the start.
  const ends = new Map<string, bigint>();
  let total = 0n;
  for (const topic of topics) {
    for (const { partition, low, high } of await admin.fetchTopicOffsets(topic)) {
      if (BigInt(high) > BigInt(low)) {
        ends.set(`${topic}/${partition}`, BigInt(high));
        total += BigInt(high) - BigInt(low);
      }
    }
  }
  progress?.start(Number(total));
  if (ends.size === 0) return [];

  const byId = new Map<string, StoredEvent>();
  let failure: Error | undefined;
  let lastProgress = Date.now();
  let finished: () => void = () => {};
  const done = new Promise<void>((resolve) => (finished = resolve));
  const consumer = kafka.consumer(`building-audit-${randomUUID()}`);
  await consumer.run({
    topics,
    fromBeginning: true,
    autoCommit: false,
    eachBatch: async (batch) => {
      const key = `${batch.topic}/${batch.partition}`;
      const end = ends.get(key);
      if (end === undefined) return;
      let read = 0;
      for (const message of batch.messages) {
        if (BigInt(message.offset) >= end) break;
        read += 1;
        try {
          const event = parseMessage(message);
          if (!byId.has(event.id)) byId.set(event.id, event);
        } catch (error) {
          failure ??= error as Error;
          finished();
        }
      }
      progress?.advance(read);
      lastProgress = Date.now();
      const last = batch.messages.at(-1);
      if (last && BigInt(last.offset) + 1n >= end) ends.delete(key);
      if (ends.size === 0) finished();
    },
  });
  const watchdog = setInterval(() => {
    if (Date.now() - lastProgress < stallMs) return;
    failure ??= new Error(
      `Kafka replay stalled: no message for ${stallMs} ms; not at the end of ${[...ends.keys()].join(', ')}`,
    );
    finished();
  }, 500);
  try {
    await done;
  } finally {
    clearInterval(watchdog);
    await consumer.disconnect();
  }
  if (failure) throw failure;
  return [...byId.values()].sort((a, b) => a.position - b.position);
}

function parseMessage(message: IncomingMessage): StoredEvent {
  const where = `${message.topic}/${message.partition}@${message.offset}`;
  if (message.value === null) throw new Error(`malformed message at ${where}: no value`);
  let json: unknown;
  try {
    json = JSON.parse(message.value);
  } catch {
    throw new Error(`malformed message at ${where}: not JSON`);
  }
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success) throw new Error(`malformed message at ${where}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}
