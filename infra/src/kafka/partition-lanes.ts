/**
 * Batch handling that does not hold up fetching. kafkajs fetches again only once every batch of
 * its previous fetch has been handled and committed, so a message that arrives meanwhile waits
 * for the slowest partition's batch and an offset commit before it is even fetched. Here a
 * fetched batch goes into its partition's lane and fetching goes on: each lane handles its
 * batches one at a time in offset order, at most `concurrency` lanes at once, and a batch's
 * offset is committed only after its handler resolved (the lanes' commits go out together, one
 * request at a time), so delivery stays at-least-once.
 *
 * A handler that throws puts its partition back at the failed batch: the lane drops what it
 * queued behind it, the partition is paused and sought back to the batch's first offset, and
 * resumes after `retryMs`; batches already on their way are dropped until the redelivery arrives.
 */

export interface LaneBatch<M> {
  topic: string;
  partition: number;
  /** Offsets of the batch's first and last message (Kafka offsets are int64: decimal strings). */
  firstOffset: string;
  lastOffset: string;
  messages: M[];
}

/** What the lanes need from the consumer. */
export interface LaneConsumer {
  seek(topic: string, partition: number, offset: string): void;
  pause(topic: string, partition: number): void;
  resume(topic: string, partition: number): void;
  /** Commits the next offset to read per partition. */
  commit(offsets: Array<{ topic: string; partition: number; offset: string }>): Promise<void>;
}

export interface PartitionLanes<M> {
  /** Queues a fetched batch; resolves at once unless `maxQueued` messages are waiting already. */
  push(batch: LaneBatch<M>): Promise<void>;
  /** The group was (re)joined and reads on from its committed offsets: drop what is queued. */
  reset(): void;
  /** Takes no more batches, waits for the running handlers and commits what they finished. */
  stop(): Promise<void>;
}

interface Lane<M> {
  topic: string;
  partition: number;
  queue: Array<LaneBatch<M>>;
  /** Bumped when the queue is dropped: a handler that was running then must not commit. */
  epoch: number;
  /** After a failure: the offset the redelivery starts at; later batches are dropped until then. */
  awaiting: bigint | null;
  loop: Promise<void> | null;
}

export function createPartitionLanes<M>(options: {
  consumer: LaneConsumer;
  handle: (batch: LaneBatch<M>) => Promise<void>;
  /** Lanes handling a batch at the same time. */
  concurrency: number;
  /** false: commit nothing. */
  autoCommit: boolean;
  /** Messages at most in one handler call made of several queued batches. */
  maxMerged?: number;
  /** Messages queued (not yet handled) beyond which `push` waits. */
  maxQueued?: number;
  /** How long a partition whose handler failed stays paused before the batch is retried. */
  retryMs?: number;
  onError: (error: unknown, batch: LaneBatch<M>) => void;
}): PartitionLanes<M> {
  const maxQueued = options.maxQueued ?? 10_000;
  const maxMerged = options.maxMerged ?? 2000;
  const retryMs = options.retryMs ?? 1000;
  const lanes = new Map<string, Lane<M>>();
  const retryTimers = new Set<NodeJS.Timeout>();
  let stopping = false;
  let queued = 0;
  let roomWaiters: Array<() => void> = [];

  const laneOf = (topic: string, partition: number): Lane<M> => {
    const key = `${topic}\u0000${partition}`;
    let lane = lanes.get(key);
    if (!lane) {
      lane = { topic, partition, queue: [], epoch: 0, awaiting: null, loop: null };
      lanes.set(key, lane);
    }
    return lane;
  };

  const dequeued = (count: number) => {
    queued -= count;
    if (queued <= maxQueued || stopping) {
      const waiters = roomWaiters;
      roomWaiters = [];
      for (const wake of waiters) wake();
    }
  };
  const dropQueue = (lane: Lane<M>) => {
    lane.epoch += 1;
    const count = lane.queue.reduce((sum, batch) => sum + batch.messages.length, 0);
    lane.queue = [];
    dequeued(count);
  };

  // Handler slots shared by the lanes.
  let free = Math.max(1, options.concurrency);
  const slotWaiters: Array<() => void> = [];
  const takeSlot = async () => {
    if (free > 0) free -= 1;
    else await new Promise<void>((resolve) => slotWaiters.push(resolve));
  };
  const giveSlot = () => {
    const next = slotWaiters.shift();
    if (next) next();
    else free += 1;
  };

  // Next offsets to commit per partition, sent one request at a time.
  const toCommit = new Map<string, { topic: string; partition: number; offset: string }>();
  let committing: Promise<void> | null = null;
  const flushCommits = (): Promise<void> => {
    if (toCommit.size === 0) return committing ?? Promise.resolve();
    committing ??= (async () => {
      while (toCommit.size > 0) {
        const offsets = [...toCommit.values()];
        toCommit.clear();
        // A lost commit only means a redelivery, which the handlers take in their stride.
        await options.consumer.commit(offsets).catch(() => {});
      }
      committing = null;
    })();
    return committing;
  };

  const failed = (lane: Lane<M>, batch: LaneBatch<M>, error: unknown) => {
    options.onError(error, batch);
    dropQueue(lane);
    // Stopping: left uncommitted, the batch is redelivered to whoever reads the partition next.
    if (stopping) return;
    lane.awaiting = BigInt(batch.firstOffset);
    try {
      options.consumer.pause(lane.topic, lane.partition);
      options.consumer.seek(lane.topic, lane.partition, batch.firstOffset);
    } catch (seekError) {
      options.onError(seekError, batch);
    }
    const timer = setTimeout(() => {
      retryTimers.delete(timer);
      try {
        options.consumer.resume(lane.topic, lane.partition);
      } catch (resumeError) {
        options.onError(resumeError, batch);
      }
    }, retryMs);
    retryTimers.add(timer);
  };

  // What queued up while the lane was busy goes to the handler as one batch, as one fetch would
  // have brought it: a lane that falls behind catches up in big batches, not in many small ones.
  const takeMerged = (lane: Lane<M>): LaneBatch<M> | undefined => {
    const first = lane.queue.shift();
    if (!first) return undefined;
    const taken = [first];
    let count = first.messages.length;
    while (lane.queue.length > 0 && count + lane.queue[0]!.messages.length <= maxMerged) {
      const next = lane.queue.shift()!;
      taken.push(next);
      count += next.messages.length;
    }
    dequeued(count);
    if (taken.length === 1) return first;
    return { ...first, lastOffset: taken.at(-1)!.lastOffset, messages: taken.flatMap((b) => b.messages) };
  };

  const run = async (lane: Lane<M>) => {
    while (!stopping && lane.queue.length > 0) {
      await takeSlot();
      const batch = stopping ? undefined : takeMerged(lane);
      if (!batch) {
        giveSlot();
        break;
      }
      const epoch = lane.epoch;
      try {
        await options.handle(batch);
        if (epoch === lane.epoch && options.autoCommit) {
          toCommit.set(`${lane.topic}\u0000${lane.partition}`, {
            topic: lane.topic,
            partition: lane.partition,
            offset: (BigInt(batch.lastOffset) + 1n).toString(),
          });
          void flushCommits();
        }
      } catch (error) {
        if (epoch === lane.epoch) failed(lane, batch, error);
      } finally {
        giveSlot();
      }
    }
  };
  const start = (lane: Lane<M>) => {
    lane.loop ??= run(lane).finally(() => {
      lane.loop = null;
      // A batch pushed while the loop was finishing.
      if (lane.queue.length > 0 && !stopping) start(lane);
    });
  };

  return {
    async push(batch) {
      if (stopping || batch.messages.length === 0) return;
      const lane = laneOf(batch.topic, batch.partition);
      if (lane.awaiting !== null) {
        // Fetched before the seek: the failed batch comes again first.
        if (BigInt(batch.firstOffset) > lane.awaiting) return;
        lane.awaiting = null;
      }
      lane.queue.push(batch);
      queued += batch.messages.length;
      start(lane);
      // Far behind: stop fetching until the lanes catch up.
      while (queued > maxQueued && !stopping) await new Promise<void>((resolve) => roomWaiters.push(resolve));
    },
    reset() {
      for (const lane of lanes.values()) {
        dropQueue(lane);
        lane.awaiting = null;
      }
    },
    async stop() {
      stopping = true;
      dequeued(0);
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      await Promise.all([...lanes.values()].map((lane) => lane.loop));
      await flushCommits();
    },
  };
}
