import type { Caller } from '../command-handling/caller.ts';
import type { CommandContext } from '../command-handling/command-context.ts';
import {
  quoteRent,
  recordRentPaid,
  recordRentPaymentFailed,
  recordRentRefunded,
  startRentPayment,
} from '../payments/commands.ts';
import type { RentPaymentRequest } from '../payments/decide.ts';
import { rentMetadata, type IntentFacts } from '../payments/intent-facts.ts';

// A rent payment as the provider and the payment routes drive it, for histories: an intent is
// opened for the quoted amount, then the provider reports it succeeded, declined, or (a second
// charge) refunded. The provider's side is played here; the rules are the handlers'.

/** An intent the provider opened for a rent payment, and its terms. */
export interface OpenIntent {
  request: RentPaymentRequest;
  intent: IntentFacts;
}

/**
 * The member opens a payment: priced by the rules' own quote (refused as the member would be: no
 * active lease, month paid, coupon unavailable), recorded with the provider's intent id.
 */
export async function openRentPayment(
  context: CommandContext,
  input: { request: RentPaymentRequest; paymentIntentId: string; caller: Caller; now: Date },
) {
  const { request, paymentIntentId, caller, now } = input;
  const { quote } = await quoteRent(context, request, now);
  const { amountPoisha, couponCode } = quote;
  const intent: IntentFacts = {
    id: paymentIntentId,
    status: 'requires_payment_method',
    amount: amountPoisha,
    currency: 'bdt',
    clientSecret: null,
    metadata: rentMetadata({ ...request, coupon: couponCode, amount: amountPoisha, items: quote.items }),
    lastError: null,
  };
  const result = await startRentPayment(context, { request, paymentIntentId, amountPoisha, caller, now });
  return { ...result, request, intent };
}

/** The provider's word on an intent (the webhook), recorded by the system. */
export const intentSucceeded = (context: CommandContext, open: OpenIntent, now: Date) =>
  recordRentPaid(context, {
    period: open.request,
    intent: { ...open.intent, status: 'succeeded' },
    by: 'system',
    now,
  });

export const intentDeclined = (
  context: CommandContext,
  open: OpenIntent,
  decline: { code: string; message: string; chargeId: string | null },
  now: Date,
) =>
  recordRentPaymentFailed(context, {
    period: open.request,
    intent: { ...open.intent, status: 'requires_payment_method', lastError: decline },
    by: 'system',
    now,
  });

/** A second intent for a month another one paid succeeded too: the provider refunded it. */
export const intentRefunded = (context: CommandContext, open: OpenIntent, refundId: string, now: Date) =>
  recordRentRefunded(context, {
    period: open.request,
    intent: { ...open.intent, status: 'succeeded' },
    refund: { id: refundId, paymentIntentId: open.intent.id, amount: open.intent.amount },
    by: 'system',
    now,
  });
