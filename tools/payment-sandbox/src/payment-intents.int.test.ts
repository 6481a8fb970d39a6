import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentSandbox, type RunningPaymentSandbox } from './start-payment-sandbox.ts';

let sandbox: RunningPaymentSandbox;
let stripe: Stripe;

function sdk(key: string): Stripe {
  const { hostname, port } = new URL(sandbox.url);
  return new Stripe(key, { host: hostname, port: Number(port), protocol: 'http', maxNetworkRetries: 0 });
}

async function rejection(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  sandbox = await startPaymentSandbox({ port: 0 });
  stripe = sdk('sk_test_sandbox');
});
afterAll(async () => {
  await sandbox.stop();
});

describe('the payment sandbox through the official stripe SDK', () => {
  it('creates an intent awaiting a payment method, with Stripe’s fields', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 150000,
      currency: 'BDT',
      metadata: { si: '7', month: 'May' },
      description: 'Rent',
    });
    expect(intent).toMatchObject({
      object: 'payment_intent',
      amount: 150000,
      currency: 'bdt',
      status: 'requires_payment_method',
      metadata: { si: '7', month: 'May' },
      description: 'Rent',
      latest_charge: null,
      last_payment_error: null,
      livemode: false,
    });
    expect(intent.id).toMatch(/^pi_\w+$/);
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_[\\w-]+$`));
    expect(Number.isInteger(intent.created)).toBe(true);
    expect(await stripe.paymentIntents.retrieve(intent.id)).toEqual(intent);
  });

  it('confirms with pm_card_visa: the intent succeeds with a charge', async () => {
    const created = await stripe.paymentIntents.create({
      amount: 2000,
      currency: 'bdt',
      allowed_payment_method_types: ['card'],
    });
    expect(created.allowed_payment_method_types).toEqual(['card']);
    const confirmed = await stripe.paymentIntents.confirm(created.id, { payment_method: 'pm_card_visa' });
    expect(confirmed.status).toBe('succeeded');
    expect(confirmed.amount_received).toBe(2000);
    expect(confirmed.latest_charge).toMatch(/^ch_\w+$/);
    expect(confirmed.payment_method).toMatch(/^pm_\w+$/);
    const method = await stripe.paymentMethods.retrieve(confirmed.payment_method as string);
    expect(method.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect((await stripe.paymentIntents.retrieve(created.id)).status).toBe('succeeded');
  });

  it('creates and confirms in one call, with a card payment method made from card details', async () => {
    const method = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' },
      billing_details: { name: 'Rahim', email: 'rahim@example.com' },
    });
    expect(method).toMatchObject({
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
      billing_details: { name: 'Rahim', email: 'rahim@example.com' },
    });
    const intent = await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'bdt',
      payment_method: method.id,
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    });
    expect(intent.status).toBe('succeeded');
    expect(intent.payment_method).toBe(method.id);
  });

  it('declines 4000000000000002 / pm_card_chargeDeclined and lets the intent be paid again', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2000, currency: 'bdt' });
    const error = await rejection(
      stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({
      statusCode: 402,
      type: 'StripeCardError',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect(error.payment_intent?.id).toBe(intent.id);
    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
    });

    const byNumber = await rejection(
      stripe.paymentIntents.confirm(intent.id, {
        payment_method_data: {
          type: 'card',
          card: { number: '4000000000000002', exp_month: 1, exp_year: 2040, cvc: '123' },
        },
      } as Stripe.PaymentIntentConfirmParams),
    );
    expect(byNumber).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });

    const paid = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(paid.status).toBe('succeeded');
    expect(paid.last_payment_error).toBeNull();
  });

  it('declines for insufficient funds', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2000, currency: 'bdt' });
    const error = await rejection(
      stripe.paymentIntents.confirm(intent.id, {
        payment_method: 'pm_card_visa_chargeDeclinedInsufficientFunds',
      }),
    );
    expect(error).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    const byNumber = await rejection(
      stripe.paymentMethods
        .create({
          type: 'card',
          card: { number: '4000000000009995', exp_month: 1, exp_year: 2040, cvc: '123' },
        })
        .then((pm) => stripe.paymentIntents.confirm(intent.id, { payment_method: pm.id })),
    );
    expect(byNumber).toMatchObject({ decline_code: 'insufficient_funds' });
  });

  it('refuses to confirm an intent that already succeeded', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 2000,
      currency: 'bdt',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    const error = await rejection(
      stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }),
    );
    expect(error).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
  });

  it('replays an idempotent create, and refuses the same key with other parameters', async () => {
    const key = `rent-7-2026-05-${Math.random()}`;
    const first = await stripe.paymentIntents.create(
      { amount: 2000, currency: 'bdt', metadata: { si: '7' } },
      { idempotencyKey: key },
    );
    const again = await stripe.paymentIntents.create(
      { amount: 2000, currency: 'bdt', metadata: { si: '7' } },
      { idempotencyKey: key },
    );
    expect(again.id).toBe(first.id);
    expect(again).toEqual(first);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const error = await rejection(
      stripe.paymentIntents.create({ amount: 3000, currency: 'bdt' }, { idempotencyKey: key }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
  });

  it('replays a declined confirm with its 402 instead of charging again', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2000, currency: 'bdt' });
    const key = `confirm-${intent.id}`;
    const first = await rejection(
      stripe.paymentIntents.confirm(
        intent.id,
        { payment_method: 'pm_card_chargeDeclined' },
        { idempotencyKey: key },
      ),
    );
    const again = await rejection(
      stripe.paymentIntents.confirm(
        intent.id,
        { payment_method: 'pm_card_chargeDeclined' },
        { idempotencyKey: key },
      ),
    );
    expect(again.statusCode).toBe(402);
    expect(again.charge).toBe(first.charge);
  });

  it('rejects a bad key with 401 and a publishable key on secret-only calls', async () => {
    const bad = await rejection(sdk('sk_live_nope').paymentIntents.create({ amount: 2000, currency: 'bdt' }));
    expect(bad).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(bad.statusCode).toBe(401);
    const publishable = await rejection(
      sdk('pk_test_sandbox').paymentIntents.create({ amount: 2000, currency: 'bdt' }),
    );
    expect(publishable.statusCode).toBe(401);
    const raw = await fetch(`${sandbox.url}/v1/payment_intents`, { method: 'POST' });
    expect(raw.status).toBe(401);
    expect(((await raw.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });

  it('answers 400 parameter_missing, naming the param, for a missing amount', async () => {
    const error = await rejection(
      stripe.paymentIntents.create({ currency: 'bdt' } as Stripe.PaymentIntentCreateParams),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'amount' });
  });

  it('answers 4xx, never 5xx, for malformed input', async () => {
    const post = (path: string, body: string, contentType = 'application/x-www-form-urlencoded') =>
      fetch(`${sandbox.url}${path}`, {
        method: 'POST',
        headers: { Authorization: 'Bearer sk_test_sandbox', 'Content-Type': contentType },
        body,
      });
    const cases: Array<[Response, number, string | undefined, string | undefined]> = [
      [
        await post('/v1/payment_intents', 'amount=abc&currency=bdt'),
        400,
        'parameter_invalid_integer',
        'amount',
      ],
      [await post('/v1/payment_intents', 'amount=0&currency=bdt'), 400, undefined, 'amount'],
      [
        await post('/v1/payment_intents', 'amount=100&currency=bdt&colour=red'),
        400,
        'parameter_unknown',
        'colour',
      ],
      [
        await post('/v1/payment_intents', 'amount=100&currency=bdt&metadata[a]=1&metadata=2'),
        400,
        undefined,
        'metadata',
      ],
      [
        await post('/v1/payment_intents', '{"amount": 100, "currency": 3}', 'application/json'),
        400,
        undefined,
        'currency',
      ],
      [await post('/v1/payment_intents', '{not json', 'application/json'), 400, undefined, undefined],
      [await post('/v1/payment_intents', 'x', 'text/plain'), 415, undefined, undefined],
      [
        await post('/v1/payment_intents/pi_missing/confirm', 'payment_method=pm_card_visa'),
        404,
        'resource_missing',
        'intent',
      ],
      [
        await post(
          '/v1/payment_methods',
          'type=card&card[number]=4242424242424241&card[exp_month]=1&card[exp_year]=2040',
        ),
        402,
        'incorrect_number',
        'card[number]',
      ],
      [
        await post('/v1/payment_methods', 'type=card&card[exp_month]=1&card[exp_year]=2040'),
        400,
        'parameter_missing',
        'card[number]',
      ],
      [
        await post(
          '/v1/payment_methods',
          'type=card&card[number]=4242424242424242&card[exp_month]=13&card[exp_year]=2040',
        ),
        402,
        'invalid_expiry_month',
        'card[exp_month]',
      ],
      [await post('/v1/nothing_here', ''), 404, undefined, undefined],
    ];
    for (const [response, status, code, param] of cases) {
      const body = (await response.json()) as {
        error: { type: string; message: string; code?: string; param?: string };
      };
      expect({ status: response.status, code: body.error.code, param: body.error.param }).toEqual({
        status,
        code,
        param,
      });
      expect(body.error.message).toEqual(expect.any(String));
    }
    const unknown = await rejection(stripe.paymentIntents.retrieve('pi_unknown'));
    expect(unknown).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('accepts JSON bodies as well as Stripe’s form encoding', async () => {
    const response = await fetch(`${sandbox.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_sandbox', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        amount: 700,
        currency: 'bdt',
        metadata: { si: 7 },
        payment_method: 'pm_card_visa',
        confirm: true,
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ amount: 700, status: 'succeeded', metadata: { si: '7' } });
    const legacy = await fetch(`${sandbox.url}/v1/payment_intents`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer sk_test_sandbox',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'amount=700&currency=bdt&payment_method_types[0]=card',
    });
    expect(await legacy.json()).toMatchObject({
      payment_method_types: ['card'],
      allowed_payment_method_types: null,
    });
  });

  it('updates metadata and amount before payment, and only metadata after', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 2000,
      currency: 'bdt',
      metadata: { si: '7', coupon: 'X' },
    });
    const updated = await stripe.paymentIntents.update(intent.id, {
      amount: 1500,
      metadata: { coupon: '', month: 'May' },
    });
    expect(updated).toMatchObject({ amount: 1500, metadata: { si: '7', month: 'May' } });
    expect(updated.metadata).not.toHaveProperty('coupon');
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    const error = await rejection(stripe.paymentIntents.update(intent.id, { amount: 10 }));
    expect(error).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    expect(
      (await stripe.paymentIntents.update(intent.id, { metadata: { note: 'paid' } })).metadata.note,
    ).toBe('paid');
  });

  it('cancels an unpaid intent, which then cannot be confirmed', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2000, currency: 'bdt' });
    const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    const error = await rejection(
      stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }),
    );
    expect(error.code).toBe('payment_intent_unexpected_state');
  });

  it('lets a publishable key confirm and retrieve only with the client secret, and hides metadata from it', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 2000,
      currency: 'bdt',
      metadata: { email: 'm@example.com' },
    });
    const browser = (path: string, init: RequestInit = {}) =>
      fetch(`${sandbox.url}${path}`, {
        ...init,
        headers: {
          Authorization: 'Bearer pk_test_sandbox',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
      });
    expect((await browser(`/v1/payment_intents/${intent.id}`)).status).toBe(400);
    const wrong = await browser(`/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      body: 'payment_method=pm_card_visa&client_secret=pi_x_secret_y',
    });
    expect(wrong.status).toBe(400);
    const confirmed = await browser(`/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      body: `payment_method=pm_card_visa&client_secret=${intent.client_secret}`,
    });
    expect(confirmed.status).toBe(200);
    const body = (await confirmed.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: intent.id, status: 'succeeded' });
    expect(body).not.toHaveProperty('metadata');
    const retrieved = await browser(`/v1/payment_intents/${intent.id}?client_secret=${intent.client_secret}`);
    expect(await retrieved.json()).toMatchObject({ id: intent.id, status: 'succeeded' });
    const update = await browser(`/v1/payment_intents/${intent.id}`, {
      method: 'POST',
      body: 'metadata[x]=1',
    });
    expect(update.status).toBe(401);
  });
});
