import { z } from 'zod';
import { unixSeconds } from './ids.ts';
import {
  applyMetadata,
  expandParam,
  formBoolean,
  formInteger,
  formList,
  metadataParam,
  type MetadataUpdate,
} from './params.ts';
import { paymentMethodDataParam, type PaymentMethod } from './payment-methods.ts';
import { listParams } from './list-params.ts';
import { invalidRequest, unexpectedIntentState } from './stripe-error.ts';
import type { ChargeOutcome } from './test-cards.ts';

/*
 * The PaymentIntent as the sandbox keeps it, its request schemas, and its transitions. The transitions
 * are pure: ids and the time come in from the caller.
 */

export type IntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'succeeded' | 'canceled';

export interface LastPaymentError {
  charge: string;
  code: string;
  decline_code: string;
  doc_url: string;
  message: string;
  payment_method: PaymentMethod;
  type: 'card_error';
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  allowed_payment_method_types: string[] | null;
  amount: number;
  amount_capturable: number;
  amount_details: { tip: Record<string, never> };
  amount_received: number;
  application: null;
  application_fee_amount: null;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: 'always' | 'never' } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic' | 'automatic_async';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: null;
  customer_account: null;
  description: string | null;
  excluded_payment_method_types: null;
  last_payment_error: LastPaymentError | null;
  latest_charge: string | null;
  livemode: false;
  managed_payments: null;
  metadata: Record<string, string>;
  next_action: null;
  on_behalf_of: null;
  payment_method: string | null;
  payment_method_configuration_details: null;
  payment_method_options: {
    card: { installments: null; mandate_options: null; network: null; request_three_d_secure: 'automatic' };
  };
  payment_method_types: string[];
  payment_record: null;
  processing: null;
  receipt_email: string | null;
  review: null;
  setup_future_usage: null;
  shipping: null;
  source: null;
  statement_descriptor: null;
  statement_descriptor_suffix: null;
  status: IntentStatus;
  transfer_data: null;
  transfer_group: null;
}

const amountParam = formInteger(
  z
    .number()
    .int()
    .min(1, 'This value must be greater than or equal to 1.')
    .max(99_999_999, 'Amount must be no more than 99999999.'),
);
const currencyParam = z
  .string()
  .regex(/^[a-zA-Z]{3}$/, 'Invalid currency: must be a three-letter ISO code')
  .transform((currency) => currency.toLowerCase());
const paymentMethodIdParam = z.string().min(1).max(255);
const descriptionParam = z.string().max(1000);
const receiptEmailParam = z.string().max(800);

export const createIntentParams = z.strictObject({
  amount: amountParam,
  currency: currencyParam,
  // `allowed_payment_method_types` since API 2026-10-28; `payment_method_types` before.
  allowed_payment_method_types: formList(z.enum(['card'])).optional(),
  payment_method_types: formList(z.enum(['card'])).optional(),
  automatic_payment_methods: z
    .strictObject({ enabled: formBoolean, allow_redirects: z.enum(['always', 'never']).optional() })
    .optional(),
  capture_method: z.enum(['automatic', 'automatic_async']).optional(),
  confirm: formBoolean.optional(),
  description: descriptionParam.optional(),
  metadata: metadataParam.optional(),
  payment_method: paymentMethodIdParam.optional(),
  payment_method_data: paymentMethodDataParam.optional(),
  receipt_email: receiptEmailParam.optional(),
  return_url: z.string().optional(),
  expand: expandParam,
});

export const updateIntentParams = z.strictObject({
  amount: amountParam.optional(),
  currency: currencyParam.optional(),
  description: descriptionParam.optional(),
  metadata: metadataParam.optional(),
  payment_method: paymentMethodIdParam.optional(),
  receipt_email: receiptEmailParam.optional(),
  expand: expandParam,
});

export const confirmIntentParams = z.strictObject({
  client_secret: z.string().optional(),
  payment_method: paymentMethodIdParam.optional(),
  payment_method_data: paymentMethodDataParam.optional(),
  receipt_email: receiptEmailParam.optional(),
  return_url: z.string().optional(),
  expand: expandParam,
});

export const cancelIntentParams = z.strictObject({
  cancellation_reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned']).optional(),
  expand: expandParam,
});

export const listIntentParams = z.strictObject({ ...listParams, expand: expandParam });

export const retrieveIntentParams = z.strictObject({
  client_secret: z.string().optional(),
  expand: expandParam,
});

export type CreateIntentParams = z.output<typeof createIntentParams>;
export type UpdateIntentParams = z.output<typeof updateIntentParams>;

export function newPaymentIntent(
  params: CreateIntentParams,
  context: { id: string; secret: string; now: Date; paymentMethodId: string | null },
): PaymentIntent {
  const allowed = params.allowed_payment_method_types ?? params.payment_method_types;
  if (allowed && params.automatic_payment_methods?.enabled) {
    throw invalidRequest(
      'You may only specify one of these parameters: automatic_payment_methods, allowed_payment_method_types.',
      { code: 'parameters_exclusive', param: 'automatic_payment_methods' },
    );
  }
  return {
    id: context.id,
    object: 'payment_intent',
    allowed_payment_method_types: params.allowed_payment_method_types ?? null,
    amount: params.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: params.automatic_payment_methods ?? null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: params.capture_method ?? 'automatic_async',
    client_secret: `${context.id}_secret_${context.secret}`,
    confirmation_method: 'automatic',
    created: unixSeconds(context.now),
    currency: params.currency,
    customer: null,
    customer_account: null,
    description: params.description ?? null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: applyMetadata({}, params.metadata),
    next_action: null,
    on_behalf_of: null,
    payment_method: context.paymentMethodId,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: allowed ?? ['card'],
    payment_record: null,
    processing: null,
    receipt_email: params.receipt_email ?? null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: context.paymentMethodId ? 'requires_confirmation' : 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
}

const finished: IntentStatus[] = ['succeeded', 'canceled'];

/** Like Stripe: metadata, description and receipt email change at any time; money fields only before the end. */
export function updatePaymentIntent(
  intent: PaymentIntent,
  params: Omit<UpdateIntentParams, 'metadata'> & { metadata?: MetadataUpdate },
  paymentMethodId: string | undefined,
): PaymentIntent {
  const changesMoney =
    params.amount !== undefined || params.currency !== undefined || paymentMethodId !== undefined;
  if (changesMoney && finished.includes(intent.status)) {
    throw unexpectedIntentState(
      `This PaymentIntent could not be updated because it has a status of ${intent.status}. You may only update the amount, currency or payment method of a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.`,
    );
  }
  return {
    ...intent,
    amount: params.amount ?? intent.amount,
    currency: params.currency ?? intent.currency,
    description: params.description ?? intent.description,
    metadata: applyMetadata(intent.metadata, params.metadata),
    receipt_email: params.receipt_email ?? intent.receipt_email,
    payment_method: paymentMethodId ?? intent.payment_method,
    status: paymentMethodId ? 'requires_confirmation' : intent.status,
  };
}

export function assertConfirmable(intent: PaymentIntent): void {
  if (intent.status === 'succeeded') {
    throw unexpectedIntentState(
      'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
    );
  }
  if (intent.status === 'canceled') {
    throw unexpectedIntentState(
      'You cannot confirm this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.',
    );
  }
}

/** The intent after a charge with `paymentMethod`: succeeded, or back to requires_payment_method with the decline. */
export function settlePaymentIntent(
  intent: PaymentIntent,
  charge: { id: string; paymentMethod: PaymentMethod; outcome: ChargeOutcome; receiptEmail?: string },
): PaymentIntent {
  const base = {
    ...intent,
    latest_charge: charge.id,
    receipt_email: charge.receiptEmail ?? intent.receipt_email,
  };
  if (charge.outcome.kind === 'succeeded') {
    return {
      ...base,
      status: 'succeeded',
      amount_received: intent.amount,
      payment_method: charge.paymentMethod.id,
      last_payment_error: null,
    };
  }
  const { code, declineCode, message } = charge.outcome;
  return {
    ...base,
    status: 'requires_payment_method',
    payment_method: null,
    last_payment_error: {
      charge: charge.id,
      code,
      decline_code: declineCode,
      doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`,
      message,
      payment_method: charge.paymentMethod,
      type: 'card_error',
    },
  };
}

export function cancelPaymentIntent(
  intent: PaymentIntent,
  reason: string | undefined,
  now: Date,
): PaymentIntent {
  if (finished.includes(intent.status)) {
    throw unexpectedIntentState(
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
    );
  }
  return {
    ...intent,
    status: 'canceled',
    canceled_at: unixSeconds(now),
    cancellation_reason: reason ?? null,
  };
}

/** The fields Stripe returns to a publishable key (the browser): no metadata, nothing server-only. */
const publishableFields = [
  'id',
  'object',
  'allowed_payment_method_types',
  'amount',
  'automatic_payment_methods',
  'canceled_at',
  'cancellation_reason',
  'capture_method',
  'client_secret',
  'confirmation_method',
  'created',
  'currency',
  'description',
  'last_payment_error',
  'livemode',
  'next_action',
  'payment_method',
  'payment_method_configuration_details',
  'payment_method_types',
  'processing',
  'receipt_email',
  'setup_future_usage',
  'shipping',
  'source',
  'status',
] as const satisfies ReadonlyArray<keyof PaymentIntent>;

export function publishableView(intent: PaymentIntent): Partial<PaymentIntent> {
  return Object.fromEntries(publishableFields.map((field) => [field, intent[field]]));
}
