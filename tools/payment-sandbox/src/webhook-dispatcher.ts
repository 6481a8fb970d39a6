import { unixSeconds } from './ids.ts';
import type { StripeEvent } from './stripe-event.ts';
import { stripeSignatureHeader } from './webhook-signature.ts';

export interface WebhookAttempt {
  attempt: number;
  at: string;
  status?: number;
  error?: string;
}

export interface WebhookDispatcherOptions {
  url?: string;
  secret: string;
  /**
   * Waits before each retry of a failed delivery (non-2xx or unreachable), one retry per entry; the
   * default spans about a minute, long enough for a local service that is still starting.
   */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  now?: () => Date;
  log?: (line: string) => void;
}

export interface WebhookDispatcher {
  readonly url: string | undefined;
  /** Starts delivering in the background (with retries) and returns at once. */
  deliver(event: StripeEvent): void;
  attempts(eventId: string): WebhookAttempt[];
  stop(): void;
}

/**
 * POSTs events to the webhook endpoint signed as Stripe signs them, re-signing each attempt with a fresh
 * timestamp, and retries failures with growing waits, never blocking the API response that caused them.
 */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const {
    url,
    secret,
    retryDelaysMs = [500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000],
    timeoutMs = 10_000,
  } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});
  const attemptsByEvent = new Map<string, WebhookAttempt[]>();
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<AbortController>();
  let stopped = false;

  async function attempt(event: StripeEvent, retry: number): Promise<void> {
    if (!url || stopped) return;
    const payload = JSON.stringify(event, null, 2);
    const record: WebhookAttempt = { attempt: retry + 1, at: now().toISOString() };
    const attempts = attemptsByEvent.get(event.id) ?? [];
    attempts.push(record);
    attemptsByEvent.set(event.id, attempts);
    const controller = new AbortController();
    inFlight.add(controller);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': stripeSignatureHeader(payload, secret, unixSeconds(now())),
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.any([controller.signal, AbortSignal.timeout(timeoutMs)]),
      });
      await response.arrayBuffer();
      record.status = response.status;
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
    } finally {
      inFlight.delete(controller);
    }
    const delivered = record.status !== undefined && record.status >= 200 && record.status < 300;
    log(`webhook ${event.type} ${event.id} attempt ${record.attempt}: ${record.status ?? record.error}`);
    const wait = retryDelaysMs[retry];
    if (delivered || stopped || wait === undefined) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void attempt(event, retry + 1);
    }, wait);
    timers.add(timer);
  }

  return {
    url,
    deliver(event) {
      void attempt(event, 0);
    },
    attempts(eventId) {
      return attemptsByEvent.get(eventId) ?? [];
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const controller of inFlight) controller.abort();
    },
  };
}
