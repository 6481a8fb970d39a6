import type { PaymentIntent } from './payment-intents.ts';
import type { Charge } from './refunds.ts';
import type { SandboxContext } from './sandbox-context.ts';
import type { SandboxStore } from './sandbox-store.ts';
import type { StripeEvent, StripeEventType } from './stripe-event.ts';
import type { WebhookDispatcher } from './webhook-dispatcher.ts';

/** What the sandbox's routes share. */
export interface SandboxDeps {
  store: SandboxStore;
  webhooks: WebhookDispatcher;
  now: () => Date;
  /** Records an event for a state change and, if its type is enabled, sends it to the webhook. */
  publishEvent(type: StripeEventType, object: PaymentIntent | Charge, ctx: SandboxContext): StripeEvent;
}
