import { z } from 'zod';
import { unixSeconds } from './ids.ts';
import { listParams } from './list-params.ts';
import { expandParam, formInteger, metadataParam, applyMetadata } from './params.ts';
import type { PaymentIntent } from './payment-intents.ts';
import { invalidRequest } from './stripe-error.ts';

/*
 * Refunds of a succeeded PaymentIntent's charge, and the Charge as `charge.refunded` carries it.
 * Pure: ids and the time come in from the caller.
 */

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: null;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: RefundReason | null;
  status: 'succeeded';
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: true;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  paid: true;
  payment_intent: string;
  refunded: boolean;
  refunds: { object: 'list'; data: Refund[]; has_more: false; url: string };
  status: 'succeeded';
}

const reasons = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;
export type RefundReason = (typeof reasons)[number];

export const createRefundParams = z.strictObject({
  payment_intent: z.string().optional(),
  charge: z.string().optional(),
  amount: formInteger(z.number().int().min(1)).optional(),
  reason: z.enum(reasons).optional(),
  metadata: metadataParam.optional(),
  expand: expandParam,
});
export type CreateRefundParams = z.output<typeof createRefundParams>;

/** GET /v1/refunds: Stripe's list, optionally of one intent's (or one charge's) refunds. */
export const listRefundParams = z.strictObject({
  ...listParams,
  payment_intent: z.string().optional(),
  charge: z.string().optional(),
  expand: expandParam,
});

/** A refund of (part of) the intent's charge; refused when the intent has not succeeded or too much is asked. */
export function newRefund(
  intent: PaymentIntent,
  earlier: readonly Refund[],
  params: CreateRefundParams,
  context: { id: string; now: Date },
): Refund {
  if (intent.status !== 'succeeded' || !intent.latest_charge) {
    throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
      code: 'charge_not_refundable',
      param: 'payment_intent',
    });
  }
  const refunded = earlier.reduce((sum, refund) => sum + refund.amount, 0);
  const left = intent.amount_received - refunded;
  if (left <= 0) {
    throw invalidRequest(`Charge ${intent.latest_charge} has already been refunded.`, {
      code: 'charge_already_refunded',
    });
  }
  const amount = params.amount ?? left;
  if (amount > left) {
    throw invalidRequest(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, {
      param: 'amount',
    });
  }
  return {
    id: context.id,
    object: 'refund',
    amount,
    balance_transaction: null,
    charge: intent.latest_charge,
    created: unixSeconds(context.now),
    currency: intent.currency,
    metadata: applyMetadata({}, params.metadata),
    payment_intent: intent.id,
    reason: params.reason ?? null,
    status: 'succeeded',
  };
}

/** The intent's charge with its refunds: the object of a `charge.refunded` event. */
export function chargeOf(intent: PaymentIntent, refunds: readonly Refund[]): Charge {
  const refunded = refunds.reduce((sum, refund) => sum + refund.amount, 0);
  return {
    id: intent.latest_charge ?? '',
    object: 'charge',
    amount: intent.amount,
    amount_captured: intent.amount_received,
    amount_refunded: refunded,
    captured: true,
    created: intent.created,
    currency: intent.currency,
    // Stripe copies the intent's metadata onto its charges.
    metadata: intent.metadata,
    paid: true,
    payment_intent: intent.id,
    refunded: refunded >= intent.amount_received,
    refunds: {
      object: 'list',
      data: [...refunds].reverse(),
      has_more: false,
      url: `/v1/charges/${intent.latest_charge}/refunds`,
    },
    status: 'succeeded',
  };
}
