import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { startPaymentSandbox, type RunningPaymentSandbox } from './start-payment-sandbox.ts';
import { startWebhookReceiver } from './test-webhook-receiver.ts';

const secret = 'whsec_test_payment_sandbox';
const verifier = new Stripe('sk_test_verifier');
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(options: { failFirst?: number; retryDelaysMs?: number[] } = {}) {
  const receiver = await startWebhookReceiver({ failFirst: options.failFirst });
  cleanups.push(receiver.stop);
  const sandbox: RunningPaymentSandbox = await startPaymentSandbox({
    port: 0,
    webhookUrl: receiver.url,
    webhookSecret: secret,
    webhookRetryDelaysMs: options.retryDelaysMs ?? [20, 40],
  });
  cleanups.push(sandbox.stop);
  const { hostname, port } = new URL(sandbox.url);
  const stripe = new Stripe('sk_test_sandbox', {
    host: hostname,
    port: Number(port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  const resend = (eventId: string) =>
    fetch(`${sandbox.url}/_sandbox/events/${eventId}/resend`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_sandbox' },
    });
  return { receiver, sandbox, stripe, resend };
}

describe('payment sandbox webhooks', () => {
  it('delivers payment_intent.succeeded signed so that stripe.webhooks.constructEvent accepts it', async () => {
    const { receiver, stripe } = await setUp();
    const intent = await stripe.paymentIntents.create({
      amount: 2000,
      currency: 'bdt',
      metadata: { si: '7' },
    });
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    const [delivery] = await receiver.waitFor(1);
    const event = verifier.webhooks.constructEvent(delivery!.rawBody, delivery!.signature!, secret);
    expect(event).toMatchObject({ object: 'event', type: 'payment_intent.succeeded', livemode: false });
    expect(event.id).toMatch(/^evt_\w+$/);
    expect(event.api_version).toEqual(expect.any(String));
    const object = event.data.object as Stripe.PaymentIntent;
    expect(object).toMatchObject({ id: intent.id, status: 'succeeded', metadata: { si: '7' } });
    expect(() =>
      verifier.webhooks.constructEvent(delivery!.rawBody, delivery!.signature!, 'whsec_other'),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() =>
      verifier.webhooks.constructEvent(
        delivery!.rawBody.replace('succeeded', 'canceled'),
        delivery!.signature!,
        secret,
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('delivers payment_intent.payment_failed on a decline, and nothing for a mere create', async () => {
    const { receiver, stripe } = await setUp();
    await stripe.paymentIntents.create({ amount: 1000, currency: 'bdt' });
    const intent = await stripe.paymentIntents.create({ amount: 2000, currency: 'bdt' });
    await expect(
      stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }),
    ).rejects.toThrow('Your card was declined.');
    const [delivery] = await receiver.waitFor(1);
    const event = verifier.webhooks.constructEvent(delivery!.rawBody, delivery!.signature!, secret);
    expect(event.type).toBe('payment_intent.payment_failed');
    expect(event.data.object).toMatchObject({
      id: intent.id,
      status: 'requires_payment_method',
      last_payment_error: { decline_code: 'generic_decline' },
    });
    expect(receiver.received).toHaveLength(1);
  });

  it('retries a delivery the endpoint refused, with the same event', async () => {
    const { receiver, sandbox, stripe } = await setUp({ failFirst: 2 });
    await stripe.paymentIntents.create({
      amount: 2000,
      currency: 'bdt',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    const deliveries = await receiver.waitFor(3);
    const ids = deliveries.map((d) => verifier.webhooks.constructEvent(d.rawBody, d.signature!, secret).id);
    expect(new Set(ids).size).toBe(1);
    const attempts = sandbox.sandbox.webhooks.attempts(ids[0]!);
    await expect.poll(() => attempts.map((a) => a.status)).toEqual([500, 500, 200]);
  });

  it('re-delivers an event on request, with the same event id and a valid signature', async () => {
    const { receiver, stripe, resend } = await setUp();
    await stripe.paymentIntents.create({
      amount: 2000,
      currency: 'bdt',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    const [first] = await receiver.waitFor(1);
    const event = verifier.webhooks.constructEvent(first!.rawBody, first!.signature!, secret);
    const response = await resend(event.id);
    expect(response.status).toBe(202);
    expect((await resend(event.id)).status).toBe(202);
    const deliveries = await receiver.waitFor(3);
    for (const delivery of deliveries) {
      expect(verifier.webhooks.constructEvent(delivery.rawBody, delivery.signature!, secret).id).toBe(
        event.id,
      );
    }
    expect((await resend('evt_unknown')).status).toBe(404);
    const retrieved = await stripe.events.retrieve(event.id);
    expect(retrieved).toMatchObject({ id: event.id, type: 'payment_intent.succeeded' });
    const listed = await stripe.events.list({ type: 'payment_intent.succeeded' });
    expect(listed.data.map((e) => e.id)).toEqual([event.id]);
  });
});
