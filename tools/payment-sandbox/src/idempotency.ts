import type { Middleware } from 'koa';
import type { SandboxState } from './sandbox-context.ts';
import { idempotencyError, invalidRequest } from './stripe-error.ts';

interface StoredResponse {
  fingerprint: string;
  storedAt: number;
  response?: { status: number; body: unknown };
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Stripe's `Idempotency-Key` on POSTs, per API key: the first response is kept for 24 hours and replayed
 * for the same request; the same key with other parameters (or another path) is an `idempotency_error`.
 * Like Stripe, a request that failed before it ran (invalid parameters, an unknown object) is not
 * kept, so it can be retried with the same key; one that ran is, whatever it answered: a success, a
 * card decline, a state error (`payment_intent_unexpected_state`, `charge_already_refunded`), a 500.
 */
export function idempotency(now: () => Date = () => new Date()): Middleware<SandboxState> {
  const stored = new Map<string, StoredResponse>();

  function prune(at: number): void {
    for (const [key, entry] of stored) {
      if (at - entry.storedAt < dayMs) break; // insertion order is time order
      stored.delete(key);
    }
  }

  return async function replayIdempotentRequests(ctx, next) {
    const key = ctx.get('Idempotency-Key');
    if (ctx.method !== 'POST' || key === '') return next();
    if (key.length > 255) {
      throw invalidRequest('Idempotency-Key must be at most 255 characters long.', {
        param: 'Idempotency-Key',
      });
    }
    const at = now().getTime();
    prune(at);
    const scope = `${ctx.state.apiKey?.key ?? ''}\n${key}`;
    const fingerprint = fingerprintOf({ method: ctx.method, path: ctx.path, params: ctx.state.params });
    const previous = stored.get(scope);
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        throw idempotencyError(
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      if (!previous.response) {
        throw idempotencyError(
          `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
          409,
        );
      }
      ctx.status = previous.response.status;
      ctx.body = structuredClone(previous.response.body);
      ctx.set('Idempotent-Replayed', 'true');
      return;
    }
    const entry: StoredResponse = { fingerprint, storedAt: at };
    stored.set(scope, entry);
    try {
      await next();
    } finally {
      const ran = ctx.status < 400 || ctx.state.failedAfterRunning === true;
      if (ran) entry.response = { status: ctx.status, body: structuredClone(ctx.body) };
      else stored.delete(scope);
    }
  };
}

/** The same parameters in any order give the same fingerprint: object keys are sorted at every depth. */
function fingerprintOf(request: unknown): string {
  return JSON.stringify(request, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}
