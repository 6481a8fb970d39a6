import type { IntentFacts } from './intent-facts.ts';

/**
 * The card payment provider as the payment workflow sees it (provider-neutral IntentFacts).
 * The Stripe SDK implementation lives in payment-provider/stripe-payment-provider.ts.
 */
export interface PaymentProvider {
  createIntent(input: {
    amountPoisha: number;
    metadata: Record<string, string>;
    description: string;
    idempotencyKey: string;
  }): Promise<IntentFacts>;
  /** null when the provider has no such intent. */
  retrieveIntent(id: string): Promise<IntentFacts | null>;
  /** Cancels an intent that may still be paid; an intent already finished is left alone. */
  cancelIntent(id: string): Promise<void>;
  /** Verifies the signature over the raw body; a bad one is a 400. */
  webhookNotice(rawBody: Buffer, signature: string | undefined): WebhookNotice;
}

export type WebhookNotice =
  | { kind: 'succeeded' | 'failed'; eventId: string; intent: IntentFacts }
  | { kind: 'ignored'; eventId: string; type: string };
