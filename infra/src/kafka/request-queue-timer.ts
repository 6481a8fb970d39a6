import { createRequire } from 'node:module';

/** The parts of kafkajs's per-connection RequestQueue (2.2.x) that its re-check timer uses. */
export interface RequestQueueTimer {
  throttledUntil: number;
  pending: unknown[];
  throttleCheckTimeoutId: ReturnType<typeof setTimeout> | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** kafkajs's own interval for re-checking requests queued behind the in-flight limit. */
const recheckMs = 10;

/**
 * kafkajs 2.2.4 re-arms a timer on every broker connection after each request it completes, even
 * with nothing queued and no throttle: `throttledUntil - Date.now()` is then a large negative
 * number, which setTimeout runs after 1 ms (Node 24 warns: TimeoutNegativeWarning), and the timer's
 * check arms the next one. Each connection woke about 900 times a second for ever, about 5% of a
 * core for one idle producer (upstream: tulios/kafkajs#1751, not merged). A check is needed only
 * while requests are queued (a queued request arms it; a completed one re-checks the queue) or a
 * broker-asked throttle is running.
 */
export function scheduleOnlyWhenWaiting(this: RequestQueueTimer): void {
  if (this.throttleCheckTimeoutId) return;
  const untilUnthrottled = this.throttledUntil - Date.now();
  if (this.pending.length === 0 && untilUnthrottled <= 0) return;
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    untilUnthrottled > 0 ? untilUnthrottled : recheckMs,
  );
}

/** The RequestQueue class of the installed kafkajs, with the timer above in place of its own. */
export function patchRequestQueue(): { prototype: RequestQueueTimer } {
  const require = createRequire(import.meta.url);
  const RequestQueue = require('kafkajs/src/network/requestQueue/index.js') as {
    prototype: RequestQueueTimer;
  };
  if (typeof RequestQueue.prototype.scheduleCheckPendingRequests !== 'function')
    throw new Error('kafkajs changed: RequestQueue has no scheduleCheckPendingRequests to replace');
  RequestQueue.prototype.scheduleCheckPendingRequests = scheduleOnlyWhenWaiting;
  return RequestQueue;
}
