import { afterEach, describe, expect, it } from 'vitest';
import { patchRequestQueue, type RequestQueueTimer } from './request-queue-timer.ts';

const RequestQueue = patchRequestQueue() as unknown as new (options: object) => RequestQueueTimer & {
  destroy(): void;
};
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const queues: Array<{ destroy(): void }> = [];
const queue = () => {
  const made = new RequestQueue({
    clientId: 'test',
    broker: 'test:9092',
    logger: quiet,
    requestTimeout: 30_000,
  });
  queues.push(made);
  return made;
};

describe("kafkajs's request queue timer", () => {
  afterEach(() => {
    for (const made of queues.splice(0)) made.destroy();
  });

  it('arms nothing when no request waits and no throttle runs (it re-armed every 1 ms for ever)', () => {
    const idle = queue();
    idle.checkPendingRequests(); // what each completed request does
    expect(idle.throttleCheckTimeoutId).toBeNull();
  });

  it('re-checks queued requests, and waits out a throttle the broker asked for', async () => {
    const waiting = queue();
    waiting.pending.push({});
    waiting.throttledUntil = Date.now() + 60_000;
    waiting.scheduleCheckPendingRequests();
    expect(waiting.throttleCheckTimeoutId).not.toBeNull();

    const throttled = queue();
    throttled.throttledUntil = Date.now() + 20;
    let checked = 0;
    throttled.checkPendingRequests = () => void checked++;
    throttled.scheduleCheckPendingRequests();
    await expect.poll(() => checked).toBe(1);
    expect(throttled.throttleCheckTimeoutId).toBeNull();
  });
});
