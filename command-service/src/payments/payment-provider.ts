import type { IntentFacts, RefundFacts } from '@building/domain/payments/intent-facts';

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
  /**
   * Refunds the whole charge of a succeeded intent, as a duplicate. The same idempotency key gives
   * the same refund, so a retry after a crash does not refund twice.
   */
  refundIntent(input: { paymentIntentId: string; idempotencyKey: string }): Promise<RefundFacts>;
  /** Gives part of a succeeded intent's charge back (a deposit's return); idempotent like refundIntent. */
  refundPart(input: {
    paymentIntentId: string;
    amountPoisha: number;
    idempotencyKey: string;
  }): Promise<RefundFacts>;
  /** Every refund of the intent's charge, oldest first (however it was made: here or at the provider). */
  refundsOf(paymentIntentId: string): Promise<RefundFacts[]>;
  /** Verifies the signature over the raw body; a bad one is a 400. */
  webhookNotice(rawBody: Buffer, signature: string | undefined): WebhookNotice;
}

export type WebhookNotice =
  | { kind: 'succeeded' | 'failed'; eventId: string; intent: IntentFacts }
  /** A charge was refunded; `refund` is the refund when the whole charge went back and the notice names it. */
  | { kind: 'refunded'; eventId: string; paymentIntentId: string; refund: RefundFacts | null }
  | { kind: 'ignored'; eventId: string; type: string };
