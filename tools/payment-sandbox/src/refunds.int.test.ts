import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSdk } from './testing/sandbox-sdk.ts';
import { startPaymentSandbox, type RunningPaymentSandbox } from './start-payment-sandbox.ts';

let sandbox: RunningPaymentSandbox;
let stripe: Stripe;

beforeAll(async () => {
  sandbox = await startPaymentSandbox({ port: 0 });
  stripe = sandboxSdk(sandbox.url);
});
afterAll(async () => {
  await sandbox.stop();
});

const paidIntent = async (amount = 120_000) => {
  const intent = await stripe.paymentIntents.create({ amount, currency: 'bdt', metadata: { si: '7' } });
  return stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
};

describe('refunds in the payment sandbox', () => {
  it('refunds a succeeded intent in full, and records charge.refunded with the charge', async () => {
    const intent = await paidIntent();
    const refund = await stripe.refunds.create({ payment_intent: intent.id, reason: 'duplicate' });
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 120_000,
      currency: 'bdt',
      payment_intent: intent.id,
      charge: intent.latest_charge,
      reason: 'duplicate',
      status: 'succeeded',
    });
    expect(await stripe.refunds.retrieve(refund.id)).toEqual(refund);
    const [event] = (await stripe.events.list({ type: 'charge.refunded' })).data;
    expect(event?.data.object).toMatchObject({
      object: 'charge',
      id: intent.latest_charge,
      payment_intent: intent.id,
      amount_refunded: 120_000,
      refunded: true,
      metadata: { si: '7' },
    });
  });

  it('refunds by charge, in parts, never more than was charged', async () => {
    const intent = await paidIntent(1000);
    await stripe.refunds.create({ charge: intent.latest_charge as string, amount: 600 });
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 500 })).rejects.toMatchObject({
      param: 'amount',
    });
    await stripe.refunds.create({ payment_intent: intent.id });
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
  });

  it('returns the same refund for a repeated idempotency key, and refuses an unpaid intent', async () => {
    const intent = await paidIntent();
    const key = `refund-${intent.id}`;
    const first = await stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: key });
    const again = await stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    const open = await stripe.paymentIntents.create({ amount: 100, currency: 'bdt' });
    await expect(stripe.refunds.create({ payment_intent: open.id })).rejects.toMatchObject({
      code: 'charge_not_refundable',
    });
    await expect(stripe.refunds.create({})).rejects.toMatchObject({ code: 'parameter_missing' });
  });
});
