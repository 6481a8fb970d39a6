import type { IncomingMessage, KafkaClient, KafkaConsumer } from './kafka-client.ts';

/**
 * Test support: consumes `topics` as `groupId` until `count` messages arrived (in arrival order),
 * then leaves the group, which commits what was handled (unless `autoCommit` is false). Rejects, naming how many arrived, when
 * they do not all come within `withinMs`.
 */
export async function collectMessages(
  kafka: KafkaClient,
  options: {
    groupId: string;
    topics: string[];
    count: number;
    fromBeginning?: boolean;
    autoCommit?: boolean;
    withinMs?: number;
  },
): Promise<IncomingMessage[]> {
  const messages: IncomingMessage[] = [];
  const consumer: KafkaConsumer = kafka.consumer(options.groupId);
  let done: () => void = () => {};
  const enough = new Promise<void>((resolve) => (done = resolve));
  if (options.count === 0) done();
  await consumer.run({
    topics: options.topics,
    fromBeginning: options.fromBeginning ?? true,
    autoCommit: options.autoCommit,
    eachMessage: async (message) => {
      messages.push(message);
      if (messages.length >= options.count) done();
    },
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`got ${messages.length} of ${options.count} messages from ${options.topics.join(',')}`),
        ),
      options.withinMs ?? 30_000,
    );
  });
  try {
    await Promise.race([enough, timeout]);
  } finally {
    clearTimeout(timer);
    await consumer.disconnect();
  }
  return messages;
}
