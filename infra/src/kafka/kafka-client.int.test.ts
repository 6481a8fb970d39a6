import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kafkaBrokers, missing } from '../testing/infra-availability.ts';
import { collectMessages } from './collect-messages.ts';
import { createKafka, type IncomingMessage, type KafkaClient } from './kafka-client.ts';

const unique = () => randomBytes(4).toString('hex');

describe.skipIf(missing('kafka'))('kafkajs against the real broker', () => {
  const topic = `t${unique()}.orders`;
  let kafka: KafkaClient;

  beforeAll(async () => {
    kafka = createKafka({ brokers: kafkaBrokers(), clientId: 'kafka-client-test' });
    await kafka.admin().createTopics([{ topic, numPartitions: 3, config: { 'retention.ms': '-1' } }]);
  });
  afterAll(async () => {
    await kafka.admin().deleteTopics([topic]);
    await kafka.disconnect();
  });

  it('creates topics idempotently, with three partitions and infinite retention', async () => {
    expect(await kafka.admin().listTopics()).toContain(topic);
    expect(await kafka.admin().createTopics([{ topic, numPartitions: 3 }])).toBe(false);
    expect((await kafka.admin().fetchTopicOffsets(topic)).map((p) => p.partition)).toEqual([0, 1, 2]);
  });

  it('produces idempotently; a group consumes from the beginning, commits, and a new member resumes after the commit', async () => {
    const producer = kafka.producer();
    const keys = ['apartment-1', 'apartment-2', 'apartment-3', 'apartment-4', 'apartment-5'];
    const batch = (from: number, to: number) =>
      keys.flatMap((key) =>
        Array.from({ length: to - from }, (_, i) => ({ key, value: JSON.stringify({ key, n: from + i }) })),
      );
    await producer.send(topic, batch(0, 6));
    const groupId = `g${unique()}`;

    const first = await collectMessages(kafka, { groupId, topics: [topic], count: 30 });
    expect(first).toHaveLength(30);
    expect(perKey(first)).toEqual(Object.fromEntries(keys.map((k) => [k, [0, 1, 2, 3, 4, 5]])));

    await producer.send(topic, batch(6, 8));
    // Same group: only the messages after the committed offsets arrive, still in per-key order.
    const second = await collectMessages(kafka, { groupId, topics: [topic], count: 10 });
    expect(perKey(second)).toEqual(Object.fromEntries(keys.map((k) => [k, [6, 7]])));

    const ends = await kafka.admin().fetchTopicOffsets(topic);
    expect(ends.reduce((sum, p) => sum + Number(p.high), 0)).toBe(40);
    await producer.disconnect();
  });

  it('commits nothing when autoCommit is off: the group starts over', async () => {
    const groupId = `g${unique()}`;
    const replay = await collectMessages(kafka, { groupId, topics: [topic], count: 40, autoCommit: false });
    const again = await collectMessages(kafka, { groupId, topics: [topic], count: 40 });
    expect(again.map((m) => `${m.partition}@${m.offset}`).sort()).toEqual(
      replay.map((m) => `${m.partition}@${m.offset}`).sort(),
    );
  });

  it('sends several topics in one request, each topic in its own order', async () => {
    const [coupons, users] = [`t${unique()}.coupons`, `t${unique()}.users`];
    await kafka.admin().createTopics([{ topic: coupons }, { topic: users }]);
    const messages = (key: string) => [1, 2, 3].map((n) => ({ key, value: JSON.stringify({ key, n }) }));
    const producer = kafka.producer();
    await producer.sendTopics([
      { topic: coupons, messages: messages('coupon-1') },
      { topic: users, messages: [] },
      { topic: users, messages: messages('user-1') },
    ]);
    const got = await collectMessages(kafka, { groupId: `g${unique()}`, topics: [coupons, users], count: 6 });
    expect(perKey(got)).toEqual({ 'coupon-1': [1, 2, 3], 'user-1': [1, 2, 3] });
    expect(new Set(got.filter((m) => m.key === 'user-1').map((m) => m.topic))).toEqual(new Set([users]));
    await producer.disconnect();
    await kafka.admin().deleteTopics([coupons, users]);
  });

  it('redelivers a message whose handler failed, and commits it only once handled', async () => {
    const own = `t${unique()}.retries`;
    await kafka.admin().createTopics([{ topic: own, numPartitions: 1 }]);
    await kafka.producer().send(own, [
      { key: 'a', value: 'first' },
      { key: 'a', value: 'flaky' },
      { key: 'a', value: 'last' },
    ]);
    const groupId = `g${unique()}`;
    const seen: string[] = [];
    const consumer = kafka.consumer(groupId);
    let failures = 0;
    const handled = new Promise<void>((resolve) =>
      consumer.run({
        topics: [own],
        fromBeginning: true,
        eachMessage: async (message) => {
          seen.push(message.value ?? '');
          if (message.value === 'flaky' && failures++ === 0) throw new Error('handler failed once');
          if (message.value === 'last') resolve();
        },
      }),
    );
    await handled;
    await consumer.disconnect();
    expect(seen.filter((v) => v === 'flaky')).toHaveLength(2);
    expect(seen.at(-1)).toBe('last');
    // Everything was committed: the group has nothing left once a new message arrives.
    await kafka.producer().send(own, [{ key: 'a', value: 'after' }]);
    const rest = await collectMessages(kafka, { groupId, topics: [own], count: 1 });
    expect(rest.map((m) => m.value)).toEqual(['after']);
    await kafka.admin().deleteTopics([own]);
  });

  it("fetches and handles a partition's new batch while another partition's batch is still being handled", async () => {
    const [slow, fast] = [`t${unique()}.slow`, `t${unique()}.fast`];
    await kafka.admin().createTopics([{ topic: slow }, { topic: fast }]);
    const producer = kafka.producer();
    let fastHandled: () => void = () => {};
    const fastSeen = new Promise<void>((resolve) => (fastHandled = resolve));
    let slowDone: (outcome: string) => void = () => {};
    const slowOutcome = new Promise<string>((resolve) => (slowDone = resolve));
    const consumer = kafka.consumer(`g${unique()}`);
    await consumer.run({
      topics: [slow, fast],
      fromBeginning: true,
      partitionsConsumedConcurrently: 2,
      eachBatch: async (batch) => {
        if (batch.topic === fast) return fastHandled();
        // The fast message is sent only now, while this batch is being handled.
        await producer.send(fast, [{ key: 'f', value: 'fast' }]);
        const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('timed out'), 15_000));
        slowDone(await Promise.race([fastSeen.then(() => 'saw the fast message'), timeout]));
      },
    });
    await producer.send(slow, [{ key: 's', value: 'slow' }]);
    expect(await slowOutcome).toBe('saw the fast message');
    await consumer.disconnect();
    await producer.disconnect();
    await kafka.admin().deleteTopics([slow, fast]);
  });

  it('redelivers a failed batch before anything fetched after it, and commits only what was handled', async () => {
    const own = `t${unique()}.batches`;
    await kafka.admin().createTopics([{ topic: own, numPartitions: 1 }]);
    const producer = kafka.producer();
    await producer.send(own, [
      { key: 'a', value: 'm1' },
      { key: 'a', value: 'm2' },
    ]);
    const groupId = `g${unique()}`;
    const handled: string[] = [];
    let failed = false;
    let done: () => void = () => {};
    const all = new Promise<void>((resolve) => (done = resolve));
    const consumer = kafka.consumer(groupId);
    await consumer.run({
      topics: [own],
      fromBeginning: true,
      eachBatch: async (batch) => {
        const values = batch.messages.map((m) => m.value ?? '');
        if (values.includes('m2') && !failed) {
          failed = true;
          // m3 is fetched while this batch fails: it must wait for m2's redelivery.
          await producer.send(own, [{ key: 'a', value: 'm3' }]);
          await new Promise((resolve) => setTimeout(resolve, 500));
          throw new Error('handler failed once');
        }
        handled.push(...values);
        if (handled.includes('m3')) done();
      },
    });
    await all;
    await consumer.disconnect();
    expect(failed).toBe(true);
    expect(handled).toEqual(['m1', 'm2', 'm3']);
    // Everything handled was committed: the group has nothing left once a new message arrives.
    await producer.send(own, [{ key: 'a', value: 'm4' }]);
    const rest = await collectMessages(kafka, { groupId, topics: [own], count: 1 });
    expect(rest.map((m) => m.value)).toEqual(['m4']);
    await producer.disconnect();
    await kafka.admin().deleteTopics([own]);
  });
});

function perKey(messages: IncomingMessage[]): Record<string, number[]> {
  const result: Record<string, number[]> = {};
  for (const message of messages) {
    const { key, n } = JSON.parse(message.value ?? '{}') as { key: string; n: number };
    expect(message.key).toBe(key);
    (result[key] ??= []).push(n);
  }
  return result;
}
