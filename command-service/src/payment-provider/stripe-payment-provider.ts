import Stripe from 'stripe';
import type { Config } from '@building/infra/config';
import { badRequest, HttpProblem } from '@building/infra/http/problem';
import type { IntentFacts, RefundFacts } from '@building/domain/payments/intent-facts';
import type { PaymentProvider } from '../payments/payment-provider.ts';

/**
 * The one place that talks to the card payment provider, through the official `stripe` SDK:
 * real Stripe with STRIPE_SECRET_KEY, or the local payment sandbox (Stripe's REST subset) when
 * PAYMENT_SANDBOX_URL is set. Its own failures (unreachable, refused) are 503/502 problems; the rest
 * of the service sees IntentFacts only.
 */
export type PaymentProviderConfig = Pick<
  Config,
  'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'PAYMENT_SANDBOX_URL'
>;

export function stripeClient(config: PaymentProviderConfig): Stripe | null {
  if (config.PAYMENT_SANDBOX_URL) {
    const url = new URL(config.PAYMENT_SANDBOX_URL);
    return new Stripe(config.STRIPE_SECRET_KEY ?? 'sk_test_sandbox', {
      host: url.hostname,
      port: url.port || (url.protocol === 'https:' ? 443 : 80),
      protocol: url.protocol === 'https:' ? 'https' : 'http',
      maxNetworkRetries: 2,
    });
  }
  if (config.STRIPE_SECRET_KEY) return new Stripe(config.STRIPE_SECRET_KEY, { maxNetworkRetries: 2 });
  return null;
}

export function createPaymentProvider(config: PaymentProviderConfig): PaymentProvider {
  const stripe = stripeClient(config);
  const client = (): Stripe => {
    if (!stripe)
      throw unavailable('card payments are not configured (STRIPE_SECRET_KEY or PAYMENT_SANDBOX_URL)');
    return stripe;
  };

  return {
    async createIntent({ amountPoisha, metadata, description, idempotencyKey }) {
      const intent = await call(() =>
        client().paymentIntents.create(
          {
            amount: amountPoisha,
            currency: 'bdt',
            description,
            metadata,
            ...(metadata.email ? { receipt_email: metadata.email } : {}),
          },
          { idempotencyKey },
        ),
      );
      return intentFacts(intent);
    },

    async retrieveIntent(id) {
      try {
        return intentFacts(await client().paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw providerProblem(error);
      }
    },

    async cancelIntent(id) {
      try {
        await client().paymentIntents.cancel(id, { cancellation_reason: 'abandoned' });
      } catch (error) {
        // Already succeeded or canceled: nothing to cancel.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw providerProblem(error);
      }
    },

    async refundsOf(paymentIntentId) {
      const refunds = await call(() =>
        client()
          .refunds.list({ payment_intent: paymentIntentId, limit: 100 })
          .autoPagingToArray({ limit: 1000 }),
      );
      // Stripe lists newest first.
      return refunds.reverse().map((refund) => ({ id: refund.id, paymentIntentId, amount: refund.amount }));
    },
    async refundIntent({ paymentIntentId, idempotencyKey }) {
      const refund = await call(() =>
        client().refunds.create({ payment_intent: paymentIntentId, reason: 'duplicate' }, { idempotencyKey }),
      );
      return { id: refund.id, paymentIntentId, amount: refund.amount };
    },
    async refundPart({ paymentIntentId, amountPoisha, idempotencyKey }) {
      const refund = await call(() =>
        client().refunds.create(
          { payment_intent: paymentIntentId, amount: amountPoisha, reason: 'requested_by_customer' },
          { idempotencyKey },
        ),
      );
      return { id: refund.id, paymentIntentId, amount: refund.amount };
    },

    webhookNotice(rawBody, signature) {
      if (!config.STRIPE_WEBHOOK_SECRET)
        throw badRequest('webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
      if (!signature) throw badRequest('missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = client().webhooks.constructEvent(rawBody, signature, config.STRIPE_WEBHOOK_SECRET);
      } catch (error) {
        throw badRequest(`webhook signature verification failed: ${(error as Error).message}`);
      }
      if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
        return {
          kind: event.type === 'payment_intent.succeeded' ? 'succeeded' : 'failed',
          eventId: event.id,
          intent: intentFacts(event.data.object),
        };
      }
      if (event.type === 'charge.refunded') {
        const charge = event.data.object;
        const paymentIntentId = idOf(charge.payment_intent);
        if (paymentIntentId)
          return { kind: 'refunded', eventId: event.id, paymentIntentId, refund: wholeRefundOf(charge) };
      }
      return { kind: 'ignored', eventId: event.id, type: event.type };
    },
  };
}

export function intentFacts(intent: Stripe.PaymentIntent): IntentFacts {
  const error = intent.last_payment_error;
  const charge = error?.charge ?? (typeof intent.latest_charge === 'string' ? intent.latest_charge : null);
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
    clientSecret: intent.client_secret,
    lastError: error
      ? {
          code: error.decline_code ?? error.code ?? error.type,
          message: error.message ?? 'the card payment failed',
          chargeId: typeof charge === 'string' ? charge : null,
        }
      : null,
  };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * The refund that gave the whole charge back, when the notice carries it (newer API versions leave
 * `refunds` out unless expanded: then null, and the refund is asked for with its idempotency key).
 */
function wholeRefundOf(charge: Stripe.Charge): RefundFacts | null {
  const latest = charge.refunds?.data[0];
  const paymentIntentId = idOf(charge.payment_intent);
  if (!charge.refunded || !latest || !paymentIntentId) return null;
  return { id: latest.id, paymentIntentId, amount: charge.amount_refunded };
}

const unavailable = (detail: string) => new HttpProblem(503, 'Service Unavailable', detail);

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerProblem(error);
  }
}

/** A provider failure the client cannot fix: 502/503 with the provider's words, never a bare 500. */
function providerProblem(error: unknown): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (error instanceof Stripe.errors.StripeConnectionError)
    return unavailable('the payment provider is unreachable');
  if (error instanceof Stripe.errors.StripeError) {
    return new HttpProblem(502, 'Bad Gateway', `the payment provider refused: ${error.message}`, {
      providerCode: error.code ?? error.type,
    });
  }
  return new HttpProblem(502, 'Bad Gateway', 'the payment provider failed');
}
