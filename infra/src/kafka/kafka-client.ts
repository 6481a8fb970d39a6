/**
 * The Kafka adapter: the only file that imports kafkajs (docs/architecture.md §1; request-queue-timer.ts mends
 * one of its internals), behind a small interface so the client library can be swapped without
 * touching the relay, the projector or the audit.
 */
import {
  Kafka,
  logLevel,
  Partitioners,
  type logCreator,
  type Consumer as KjsConsumer,
  type Producer as KjsProducer,
} from 'kafkajs';
import { createPartitionLanes } from './partition-lanes.ts';
import { patchRequestQueue } from './request-queue-timer.ts';

// Read when a producer is made; the partitioner is chosen explicitly below (Java-compatible murmur2).
process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';
patchRequestQueue();

export interface OutgoingMessage {
  key: string;
  value: string;
  headers?: Record<string, string>;
}

export interface IncomingMessage {
  topic: string;
  partition: number;
  /** Kafka offsets are int64: kept as a decimal string. */
  offset: string;
  key: string | null;
  value: string | null;
  headers: Record<string, string>;
  timestamp: string;
}

export interface IncomingBatch {
  topic: string;
  partition: number;
  messages: IncomingMessage[];
  /** Call during long batches so the group coordinator does not evict this consumer. */
  heartbeat(): Promise<void>;
}

export interface KafkaProducer {
  /** Connects now instead of on the first send (which waits for the same connection). */
  connect(): Promise<void>;
  /** Acknowledged by all in-sync replicas; idempotent, so a retry never duplicates within a session. */
  send(topic: string, messages: OutgoingMessage[]): Promise<void>;
  /** Several topics' messages in one request (each topic's in the order given), acknowledged together. */
  sendTopics(batches: ReadonlyArray<{ topic: string; messages: OutgoingMessage[] }>): Promise<void>;
  disconnect(): Promise<void>;
}

export type ConsumerHandler =
  | { eachMessage: (message: IncomingMessage) => Promise<void> }
  | { eachBatch: (batch: IncomingBatch) => Promise<void> };

export type ConsumerRunOptions = ConsumerHandler & {
  topics: string[];
  /** Where a group without a committed offset starts. */
  fromBeginning?: boolean;
  /** Partitions handled at once; each partition's batches one at a time, in order. Default 1. */
  partitionsConsumedConcurrently?: number;
  /** false: commit nothing (replays with a throw-away group). Default true. */
  autoCommit?: boolean;
};

export interface KafkaConsumer {
  /**
   * Subscribes and starts consuming in the background; resolves once the consumer runs.
   * Offsets are committed only after the handler resolves (at-least-once): a handler that throws
   * is retried, and anything not committed is redelivered to the next member of the group.
   * With eachBatch, fetching goes on while batches are handled (see partition-lanes.ts).
   */
  run(options: ConsumerRunOptions): Promise<void>;
  /** Leaves the group after committing what the handlers finished. */
  disconnect(): Promise<void>;
}

export interface TopicSpec {
  topic: string;
  numPartitions?: number;
  /** Topic-level configs, e.g. { 'retention.ms': '-1' }. */
  config?: Record<string, string>;
}

export interface PartitionOffsets {
  partition: number;
  /** First offset still stored. */
  low: string;
  /** Offset the next message will get (the end). */
  high: string;
}

export interface KafkaAdmin {
  /** Creates the missing topics; resolves false when all already existed. */
  createTopics(topics: TopicSpec[]): Promise<boolean>;
  listTopics(): Promise<string[]>;
  deleteTopics(topics: string[]): Promise<void>;
  fetchTopicOffsets(topic: string): Promise<PartitionOffsets[]>;
  /** A consumer group's committed offsets (the next offset it will read; -1: none committed yet). */
  fetchGroupOffsets(
    groupId: string,
    topics: string[],
  ): Promise<Array<{ topic: string; partition: number; offset: string }>>;
  describeCluster(): Promise<{ clusterId: string; brokers: number }>;
  disconnect(): Promise<void>;
}

export interface ConsumerOptions {
  /**
   * How long the group waits for a member's heartbeat before handing its partitions to the others
   * (kafkajs: 30 s). A crashed member's partitions stand still that long.
   */
  sessionTimeoutMs?: number;
}

export interface KafkaClient {
  producer(): KafkaProducer;
  consumer(groupId: string, options?: ConsumerOptions): KafkaConsumer;
  admin(): KafkaAdmin;
  /** Disconnects every producer, consumer and admin this client made. */
  disconnect(): Promise<void>;
}

export interface KafkaClientOptions {
  brokers: string[];
  clientId: string;
  /** kafkajs connection retries; a short budget suits readiness probes. */
  retries?: number;
  /** Drop even error logs (readiness probes expect refused connections). */
  quiet?: boolean;
}

export function createKafka(options: KafkaClientOptions): KafkaClient {
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: options.quiet ? logLevel.NOTHING : logLevel.ERROR,
    logCreator: oneLineLogs,
    retry: options.retries === undefined ? undefined : { retries: options.retries },
  });
  const open = new Set<{ disconnect(): Promise<void> }>();
  const track = <T extends { disconnect(): Promise<void> }>(thing: T): T => {
    open.add(thing);
    const disconnect = thing.disconnect.bind(thing);
    thing.disconnect = async () => {
      open.delete(thing);
      await disconnect();
    };
    return thing;
  };

  return {
    producer: () =>
      track(
        wrapProducer(
          kafka.producer({
            idempotent: true,
            maxInFlightRequests: 1,
            createPartitioner: Partitioners.DefaultPartitioner,
          }),
        ),
      ),
    consumer: (groupId, consumerOptions = {}) =>
      track(
        wrapConsumer(
          kafka.consumer({
            groupId,
            // How long the broker holds a fetch that finds nothing new (kafkajs: 5 s). Data is
            // answered at once either way; a shorter wait bounds how long a stop, or a paused
            // partition's resume, waits for the fetch in flight.
            maxWaitTimeInMs: 500,
            ...(consumerOptions.sessionTimeoutMs
              ? {
                  sessionTimeout: consumerOptions.sessionTimeoutMs,
                  // Heartbeats at a third of the timeout at most, as Kafka advises.
                  heartbeatInterval: Math.min(3000, Math.floor(consumerOptions.sessionTimeoutMs / 3)),
                }
              : {}),
          }),
        ),
      ),
    admin: () => track(wrapAdmin(kafka)),
    async disconnect() {
      await Promise.allSettled([...open].map((thing) => thing.disconnect()));
    },
  };
}

function wrapProducer(producer: KjsProducer): KafkaProducer {
  const connected = lazy(() => producer.connect());
  return {
    connect: connected,
    async send(topic, messages) {
      if (messages.length === 0) return;
      await connected();
      // acks -1: every in-sync replica, which idempotence requires anyway.
      await producer.send({ topic, acks: -1, messages });
    },
    async sendTopics(batches) {
      const topicMessages = batches.filter((b) => b.messages.length > 0);
      if (topicMessages.length === 0) return;
      await connected();
      await producer.sendBatch({ acks: -1, topicMessages });
    },
    async disconnect() {
      await producer.disconnect();
    },
  };
}

function wrapConsumer(consumer: KjsConsumer): KafkaConsumer {
  let stopLanes = async () => {};
  return {
    async run(options) {
      await consumer.connect();
      await consumer.subscribe({ topics: options.topics, fromBeginning: options.fromBeginning ?? false });
      const common = {
        partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 1,
        autoCommit: options.autoCommit ?? true,
      };
      // kafkajs defaults (autoCommit, no interval or threshold) commit, after each fetched batch,
      // exactly the offsets whose handler resolved.
      if ('eachMessage' in options) {
        const handle = options.eachMessage;
        await consumer.run({
          ...common,
          eachMessage: async ({ topic, partition, message }) => handle(toIncoming(topic, partition, message)),
        });
      } else {
        const handle = options.eachBatch;
        const batches = createPartitionLanes<IncomingMessage>({
          consumer: {
            seek: (topic, partition, offset) => consumer.seek({ topic, partition, offset }),
            pause: (topic, partition) => consumer.pause([{ topic, partitions: [partition] }]),
            resume: (topic, partition) => consumer.resume([{ topic, partitions: [partition] }]),
            commit: (offsets) => consumer.commitOffsets(offsets),
          },
          // The fetch loop heartbeats on its own now; a rebalance it learns of is not the handler's failure.
          handle: ({ topic, partition, messages }) =>
            handle({ topic, partition, messages, heartbeat: () => heartbeat().catch(() => {}) }),
          concurrency: common.partitionsConsumedConcurrently,
          autoCommit: common.autoCommit,
          onError: (error, batch) =>
            console.error(
              `[kafka] handling ${batch.topic}/${batch.partition} from offset ${batch.firstOffset} failed; retrying: ${String(error)}`,
            ),
        });
        let heartbeat: () => Promise<void> = async () => {};
        // A (re)joined group reads on from its committed offsets.
        consumer.on(consumer.events.GROUP_JOIN, () => batches.reset());
        stopLanes = () => batches.stop();
        await consumer.run({
          // The lanes commit; kafkajs only moves its fetch position past each batch handed over.
          autoCommit: false,
          eachBatchAutoResolve: true,
          eachBatch: async ({ batch, heartbeat: beat }) => {
            heartbeat = beat;
            await batches.push({
              topic: batch.topic,
              partition: batch.partition,
              firstOffset: batch.firstOffset() ?? batch.lastOffset(),
              lastOffset: batch.lastOffset(),
              messages: batch.messages.map((m) => toIncoming(batch.topic, batch.partition, m)),
            });
          },
        });
      }
    },
    async disconnect() {
      // What the handlers finished is committed before the group is left.
      await stopLanes();
      await consumer.disconnect();
    },
  };
}

function wrapAdmin(kafka: Kafka): KafkaAdmin {
  const admin = kafka.admin();
  const connected = lazy(() => admin.connect());
  return {
    async createTopics(topics) {
      await connected();
      return admin.createTopics({
        waitForLeaders: true,
        topics: topics.map((t) => ({
          topic: t.topic,
          numPartitions: t.numPartitions ?? 1,
          configEntries: Object.entries(t.config ?? {}).map(([name, value]) => ({ name, value })),
        })),
      });
    },
    async listTopics() {
      await connected();
      return admin.listTopics();
    },
    async deleteTopics(topics) {
      if (topics.length === 0) return;
      await connected();
      await admin.deleteTopics({ topics });
    },
    async fetchTopicOffsets(topic) {
      await connected();
      const offsets = await admin.fetchTopicOffsets(topic);
      return offsets
        .map((o) => ({ partition: o.partition, low: o.low, high: o.high }))
        .sort((a, b) => a.partition - b.partition);
    },
    async fetchGroupOffsets(groupId, topics) {
      await connected();
      const offsets = await admin.fetchOffsets({ groupId, topics });
      return offsets.flatMap((t) =>
        t.partitions.map((p) => ({ topic: t.topic, partition: p.partition, offset: p.offset })),
      );
    },
    async describeCluster() {
      await connected();
      const cluster = await admin.describeCluster();
      return { clusterId: cluster.clusterId, brokers: cluster.brokers.length };
    },
    async disconnect() {
      await admin.disconnect();
    },
  };
}

interface RawMessage {
  offset: string;
  key: Buffer | null;
  value: Buffer | null;
  headers?: Record<string, Buffer | string | (Buffer | string)[] | undefined>;
  timestamp: string;
}

function toIncoming(topic: string, partition: number, message: RawMessage): IncomingMessage {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) headers[name] = first.toString();
  }
  return {
    topic,
    partition,
    offset: message.offset,
    key: message.key?.toString() ?? null,
    value: message.value?.toString() ?? null,
    headers,
    timestamp: message.timestamp,
  };
}

/** kafkajs logs JSON blobs with stacks; one short line on stderr says enough. */
const oneLineLogs: logCreator = () => (entry) => {
  const { message, error, broker, groupId } = entry.log as Record<string, string | undefined>;
  // A protocol error in a response is retried by kafkajs or thrown to the caller: no need to log it too.
  if (entry.namespace === 'Connection' && message?.startsWith('Response ')) return;
  const where = [broker, groupId].filter(Boolean).join(' ');
  console.error(`[kafka] ${message}${error ? `: ${error}` : ''}${where ? ` (${where})` : ''}`);
};

/** Runs `connect` once, on first use; a failed attempt is retried by the next caller. */
function lazy(connect: () => Promise<void>): () => Promise<void> {
  let pending: Promise<void> | undefined;
  return () => {
    pending ??= connect().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
