import Koa from 'koa';
import { authenticate } from './api-keys.ts';
import { cors } from './cors.ts';
import { eventRoutes } from './event-routes.ts';
import { idempotency } from './idempotency.ts';
import { newId } from './ids.ts';
import { paymentIntentRoutes } from './payment-intent-routes.ts';
import { paymentMethodRoutes } from './payment-method-routes.ts';
import { refundRoutes } from './refund-routes.ts';
import { requestParams } from './request-params.ts';
import type { SandboxState } from './sandbox-context.ts';
import type { SandboxDeps } from './sandbox-deps.ts';
import { SandboxStore } from './sandbox-store.ts';
import { invalidRequest } from './stripe-error.ts';
import { defaultWebhookEventTypes, newStripeEvent } from './stripe-event.ts';
import { stripeErrors } from './stripe-errors-middleware.ts';
import { stripeJsRoutes } from './stripe-js-routes.ts';
import { stripeVersion } from './stripe-version.ts';
import { createWebhookDispatcher, type WebhookDispatcher } from './webhook-dispatcher.ts';

/** The signing secret used when none is given: the sandbox is local, its secret need not be secret. */
export const defaultWebhookSecret = 'whsec_payment_sandbox_local';
/** The account's keys when none are given: the ones `npm start` configures. */
export const defaultSecretKey = 'sk_test_sandbox';
export const defaultPublishableKey = 'pk_test_sandbox';
/** The UI's origins when none are given: the default UI_ORIGINS. */
export const defaultAllowedOrigins: readonly string[] = ['http://127.0.0.1:5173', 'http://localhost:5173'];

export interface PaymentSandboxOptions {
  /** Where events are POSTed; without it events are only recorded. */
  webhookUrl?: string;
  webhookSecret?: string;
  /** The only API keys accepted (STRIPE_SECRET_KEY and the UI's publishable key). */
  secretKey?: string;
  publishableKey?: string;
  /** The only origins whose pages may call the API from a browser (UI_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** The sandbox's public base URL, for the Stripe.js stand-in when the script cannot tell its own origin. */
  publicUrl?: string;
  webhookEventTypes?: readonly string[];
  webhookRetryDelaysMs?: readonly number[];
  now?: () => Date;
  log?: (line: string) => void;
}

export interface PaymentSandbox {
  app: Koa<SandboxState>;
  store: SandboxStore;
  webhooks: WebhookDispatcher;
  /** Stops webhook retries; the HTTP server, if any, is the caller's. */
  close(): void;
}

/** A local stand-in for the part of Stripe the product uses: its REST subset, webhooks and Stripe.js. */
export function createPaymentSandbox(options: PaymentSandboxOptions = {}): PaymentSandbox {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});
  const store = new SandboxStore();
  const webhooks = createWebhookDispatcher({
    url: options.webhookUrl,
    secret: options.webhookSecret ?? defaultWebhookSecret,
    retryDelaysMs: options.webhookRetryDelaysMs,
    now,
    log,
  });
  const delivered = new Set(options.webhookEventTypes ?? defaultWebhookEventTypes);

  const deps: SandboxDeps = {
    store,
    webhooks,
    now,
    publishEvent(type, object, ctx) {
      const sent = Boolean(webhooks.url) && delivered.has(type);
      const event = newStripeEvent(type, object, {
        now: now(),
        request: { id: ctx.state.requestId, idempotency_key: ctx.get('Idempotency-Key') || null },
        pendingWebhooks: sent ? 1 : 0,
      });
      store.saveEvent(event);
      if (sent) webhooks.deliver(event);
      return event;
    },
  };

  const app = new Koa<SandboxState>();
  app.use(async function tagRequest(ctx, next) {
    ctx.state.requestId = newId('req', 14);
    ctx.set('Request-Id', ctx.state.requestId);
    await next();
  });
  app.use(cors(options.allowedOrigins ?? defaultAllowedOrigins));
  app.use(stripeErrors(log));
  app.use(stripeJsRoutes(options.publicUrl).routes());
  app.use(
    authenticate({
      secret: options.secretKey ?? defaultSecretKey,
      publishable: options.publishableKey ?? defaultPublishableKey,
    }),
  );
  app.use(stripeVersion());
  app.use(requestParams());
  app.use(idempotency(now));
  // Inside idempotency, so that errors are rendered before their response is kept.
  app.use(stripeErrors(log));
  for (const router of [
    paymentMethodRoutes(deps),
    paymentIntentRoutes(deps),
    refundRoutes(deps),
    eventRoutes(deps),
  ]) {
    app.use(router.routes());
  }
  app.use(function unrecognizedUrl(ctx) {
    throw invalidRequest(
      `Unrecognized request URL (${ctx.method}: ${ctx.path}). The payment sandbox serves only the part of Stripe's API the product uses.`,
      { status: 404 },
    );
  });

  return { app, store, webhooks, close: () => webhooks.stop() };
}
