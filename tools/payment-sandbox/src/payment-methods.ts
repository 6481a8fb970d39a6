import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  cardBrand,
  cardNumberLengths,
  cvcLength,
  digitsOnly,
  expiryIsPast,
  fullYear,
  luhnValid,
} from './card-rules.js';
import { unixSeconds } from './ids.ts';
import { expandParam, formInteger, metadataParam, applyMetadata } from './params.ts';
import { cardError } from './stripe-error.ts';

const optionalText = z.string().max(5000).nullable().optional();

export const billingDetailsParam = z.strictObject({
  name: optionalText,
  email: optionalText,
  phone: optionalText,
  address: z
    .strictObject({
      city: optionalText,
      country: optionalText,
      line1: optionalText,
      line2: optionalText,
      postal_code: optionalText,
      state: optionalText,
    })
    .optional(),
});

export const cardParam = z.strictObject({
  number: z.string().min(1),
  exp_month: formInteger(),
  exp_year: formInteger(),
  cvc: z.string().optional(),
});

/** The card payment method data of `POST /v1/payment_methods` and of `payment_method_data` on confirm. */
export const paymentMethodDataParam = z.strictObject({
  type: z.enum(['card']),
  card: cardParam,
  billing_details: billingDetailsParam.optional(),
  metadata: metadataParam.optional(),
});

export const createPaymentMethodParams = paymentMethodDataParam.extend({ expand: expandParam });

export type PaymentMethodData = z.infer<typeof paymentMethodDataParam>;

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  allow_redisplay: 'unspecified';
  billing_details: {
    address: Record<'city' | 'country' | 'line1' | 'line2' | 'postal_code' | 'state', string | null>;
    email: string | null;
    name: string | null;
    phone: string | null;
    tax_id: null;
  };
  card: {
    brand: string;
    checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: 'pass' | null };
    country: 'US';
    display_brand: string;
    exp_month: number;
    exp_year: number;
    fingerprint: string;
    funding: 'credit';
    generated_from: null;
    last4: string;
    networks: { available: string[]; preferred: null };
    three_d_secure_usage: { supported: true };
    wallet: null;
  };
  created: number;
  customer: null;
  customer_account: null;
  livemode: false;
  metadata: Record<string, string>;
  type: 'card';
}

/** A payment method and the card number behind it, which decides the charge outcome and is never sent back. */
export interface StoredPaymentMethod {
  paymentMethod: PaymentMethod;
  cardNumber: string;
}

/** Validates card details as Stripe does (402 card errors) and builds the payment method. */
export function buildCardPaymentMethod(
  data: PaymentMethodData,
  context: { id: string; now: Date },
): StoredPaymentMethod {
  const number = digitsOnly(data.card.number);
  const brand = cardBrand(number);
  if (!cardNumberLengths(brand).includes(number.length) || !luhnValid(number)) {
    throw cardError('incorrect_number', 'Your card number is incorrect.', { param: 'card[number]' });
  }
  const { exp_month: month } = data.card;
  if (month < 1 || month > 12) {
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", {
      param: 'card[exp_month]',
    });
  }
  const year = fullYear(data.card.exp_year);
  if (year < 2000 || year > 2100) {
    throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", {
      param: 'card[exp_year]',
    });
  }
  if (expiryIsPast(month, year, context.now)) {
    throw cardError('invalid_expiry_year', "Your card's expiration year is in the past.", {
      param: 'card[exp_year]',
    });
  }
  const cvc = data.card.cvc;
  if (cvc !== undefined && !new RegExp(`^\\d{${cvcLength(brand)}}$`).test(cvc)) {
    throw cardError('invalid_cvc', "Your card's security code is invalid.", { param: 'card[cvc]' });
  }
  const billing = data.billing_details ?? {};
  const address = billing.address ?? {};
  return {
    cardNumber: number,
    paymentMethod: {
      id: context.id,
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: {
        address: {
          city: address.city ?? null,
          country: address.country ?? null,
          line1: address.line1 ?? null,
          line2: address.line2 ?? null,
          postal_code: address.postal_code ?? null,
          state: address.state ?? null,
        },
        email: billing.email ?? null,
        name: billing.name ?? null,
        phone: billing.phone ?? null,
        tax_id: null,
      },
      card: {
        brand,
        checks: {
          address_line1_check: null,
          address_postal_code_check: null,
          cvc_check: cvc ? 'pass' : null,
        },
        country: 'US',
        display_brand: brand,
        exp_month: month,
        exp_year: year,
        fingerprint: createHash('sha256').update(number).digest('base64url').slice(0, 16),
        funding: 'credit',
        generated_from: null,
        last4: number.slice(-4),
        networks: { available: [brand], preferred: null },
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: unixSeconds(context.now),
      customer: null,
      customer_account: null,
      livemode: false,
      metadata: applyMetadata({}, data.metadata),
      type: 'card',
    },
  };
}

/** The card data a test token (`pm_card_visa` ...) stands for: a valid card expiring in a few years. */
export function testTokenData(cardNumber: string, now: Date): PaymentMethodData {
  return {
    type: 'card',
    card: {
      number: cardNumber,
      exp_month: 12,
      exp_year: now.getUTCFullYear() + 3,
      cvc: '1234'.slice(0, cvcLength(cardBrand(cardNumber))),
    },
  };
}
