import type { PaymentIntent } from './payment-intents.ts';
import type { Refund } from './refunds.ts';
import type { StoredPaymentMethod } from './payment-methods.ts';
import type { StripeEvent } from './stripe-event.ts';
import { resourceMissing } from './stripe-error.ts';

/** The sandbox's memory: what a Stripe account would hold. It lives as long as the process. */
export class SandboxStore {
  private readonly paymentMethods = new Map<string, StoredPaymentMethod>();
  private readonly intents = new Map<string, PaymentIntent>();
  private readonly events = new Map<string, StripeEvent>();
  private readonly refunds = new Map<string, Refund>();

  savePaymentMethod(stored: StoredPaymentMethod): void {
    this.paymentMethods.set(stored.paymentMethod.id, stored);
  }

  paymentMethod(id: string): StoredPaymentMethod {
    const stored = this.paymentMethods.get(id);
    if (!stored) throw resourceMissing('payment_method', 'PaymentMethod', id);
    return stored;
  }

  saveIntent(intent: PaymentIntent): void {
    this.intents.set(intent.id, intent);
  }

  /** Newest first, like Stripe's lists. */
  listIntents(): PaymentIntent[] {
    // A Map keeps first-insertion order, which is creation order.
    return [...this.intents.values()].reverse();
  }

  intent(id: string): PaymentIntent {
    const intent = this.intents.get(id);
    if (!intent) throw resourceMissing('intent', 'payment_intent', id);
    return intent;
  }

  /** The intent whose latest charge is `chargeId`. */
  intentOfCharge(chargeId: string): PaymentIntent {
    const intent = [...this.intents.values()].find((i) => i.latest_charge === chargeId);
    if (!intent) throw resourceMissing('charge', 'charge', chargeId);
    return intent;
  }

  saveRefund(refund: Refund): void {
    this.refunds.set(refund.id, refund);
  }

  refund(id: string): Refund {
    const refund = this.refunds.get(id);
    if (!refund) throw resourceMissing('id', 'refund', id);
    return refund;
  }

  /** Oldest first. */
  allRefunds(): Refund[] {
    return [...this.refunds.values()];
  }

  /** Oldest first. */
  refundsOf(intentId: string): Refund[] {
    return [...this.refunds.values()].filter((refund) => refund.payment_intent === intentId);
  }

  saveEvent(event: StripeEvent): void {
    this.events.set(event.id, event);
  }

  event(id: string): StripeEvent {
    const event = this.events.get(id);
    if (!event) throw resourceMissing('id', 'event', id);
    return event;
  }

  /** Newest first, like Stripe's lists. */
  listEvents(filter: { type?: string; objectId?: string } = {}): StripeEvent[] {
    return [...this.events.values()]
      .filter((event) => !filter.type || event.type === filter.type)
      .filter((event) => !filter.objectId || event.data.object.id === filter.objectId)
      .reverse();
  }
}
