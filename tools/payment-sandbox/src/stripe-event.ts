import { newId, unixSeconds } from './ids.ts';
import type { PaymentIntent } from './payment-intents.ts';
import type { Charge } from './refunds.ts';

/** The API version the sandbox's objects follow: the one the installed `stripe` SDK pins. */
export const sandboxApiVersion = '2026-10-28.endive';

export type PaymentIntentEventType =
  | 'payment_intent.created'
  | 'payment_intent.succeeded'
  | 'payment_intent.payment_failed'
  | 'payment_intent.canceled';
export type StripeEventType = PaymentIntentEventType | 'charge.refunded';

/** The event types sent to the webhook unless told otherwise: the outcomes a payment flow waits for. */
export const defaultWebhookEventTypes: readonly string[] = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
];

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: PaymentIntent | Charge };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: StripeEventType;
}

export function newStripeEvent(
  type: StripeEventType,
  object: PaymentIntent | Charge,
  context: { now: Date; request: StripeEvent['request']; pendingWebhooks: number },
): StripeEvent {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: sandboxApiVersion,
    created: unixSeconds(context.now),
    data: { object },
    livemode: false,
    pending_webhooks: context.pendingWebhooks,
    request: context.request,
    type,
  };
}
