import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import type { DomainEvent, Month } from '@building/events/catalogue';
import { streams } from '@building/events/streams';
import { missing } from '@building/infra/testing/infra-availability';
import {
  accepted,
  admin,
  leasedSince,
  member,
  registered,
  requestId,
  requested,
} from '@building/domain/testing/fixtures';
import { couponIdFor } from '@building/domain/coupon/coupon-id';
import { pdfPageText } from '@building/infra/receipts/pdf-text';
import { startPaymentsHarness, type PaymentsHarness } from './payments-harness.ts';
import { secondChargeRefundKey } from './record-payment.ts';

const mina = member('mina@building.test', 'Mina');
const rafi = member('rafi@building.test', 'Rafi');
const si = 7;
const rentTaka = 12_345;

/**
 * Mina leases apartment 7 at 12,345 taka, Rafi apartment 8, both since January 2026; SAVE15 is
 * available, OLD10 is not.
 */
function history(): DomainEvent[] {
  const lease = (who: typeof mina, apartmentSi: number): DomainEvent[] => {
    const asked = requested(who, apartmentSi, apartmentSi);
    const yes = accepted(who, apartmentSi, apartmentSi, leasedSince);
    if (asked.type !== 'AgreementRequested' || yes.type !== 'AgreementAccepted')
      throw new Error('fixtures changed');
    return [
      { ...asked, data: { ...asked.data, rent: rentTaka } },
      { ...yes, data: { ...yes.data, rent: rentTaka } },
      { type: 'MemberPromoted', data: { email: who.email, si: apartmentSi } },
    ];
  };
  const coupon = (code: string, discount: number) =>
    ({
      type: 'CouponAdded',
      data: { couponId: couponIdFor(code), code, discount, description: '' },
    }) as const;
  return [
    registered(mina),
    registered(rafi),
    registered(admin),
    { type: 'AdminGranted', data: { email: admin.email } },
    ...lease(mina, si),
    ...lease(rafi, 8),
    coupon('SAVE15', 15),
    coupon('OLD10', 10),
    { type: 'CouponDisabled', data: { couponId: couponIdFor('OLD10') } },
    coupon('ONCE', 5),
    { type: 'CouponLimitsSet', data: { couponId: couponIdFor('ONCE'), expiresOn: null, usageLimit: 1 } },
    coupon('GONE', 5),
    {
      type: 'CouponLimitsSet',
      data: { couponId: couponIdFor('GONE'), expiresOn: '2026-01-31', usageLimit: null },
    },
  ];
}

describe.skipIf(missing('postgres'))('rent payments through the payment sandbox', () => {
  let h: PaymentsHarness;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    h = await startPaymentsHarness();
    await h.seed(...history());
    for (const who of [mina, rafi, admin]) tokens[who.email] = await h.tokenFor(who.email);
  });
  afterAll(async () => h?.stop());

  async function call(path: string, body: unknown, as = mina.email, headers: Record<string, string> = {}) {
    const response = await fetch(`${h.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[as]}`, ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  const startPayment = (month: Month, extra: Record<string, unknown> = {}, as = mina.email) =>
    call('/create-payment-intent', { si, month, year: 2026, ...extra }, as);
  const recordPayment = (paymentIntentId: string, as = mina.email) =>
    call('/payment', { paymentIntentId }, as);
  const paymentEvents = async (month: Month, type: string) =>
    (await h.eventsOf(streams.payment(si, 2026, month))).filter((e) => e.type === type);

  /** Confirms as the browser would, with a Stripe test card; a decline comes back as the SDK's card error. */
  async function confirm(intentId: string, paymentMethod: string): Promise<{ status: string }> {
    try {
      return await h.stripe.paymentIntents.confirm(intentId, { payment_method: paymentMethod });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) return { status: `declined: ${error.message}` };
      throw error;
    }
  }

  /** The sandbox's own webhook for this intent has been answered (whatever it recorded). */
  async function webhookDelivered(intentId: string, type: string) {
    for (let i = 0; i < 100; i++) {
      const events = await h.stripe.events.list({ type, limit: 100 });
      // An intent's own events, or its charge's (charge.refunded).
      const event = events.data.find((e) => {
        const object = e.data.object as { id: string; payment_intent?: string };
        return object.id === intentId || object.payment_intent === intentId;
      });
      if (event) {
        const inspect = await fetch(`${h.sandbox.url}/_sandbox/events/${event.id}`, {
          headers: { authorization: 'Bearer sk_test_sandbox' },
        });
        const { webhook_attempts: attempts } = (await inspect.json()) as {
          webhook_attempts: { status?: number }[];
        };
        if (attempts.some((a) => a.status === 200)) return event;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no webhook ${type} delivered for ${intentId}`);
  }

  it('prices 15% off 12,345 taka exactly in poisha, ignoring a client price, and reuses the intent', async () => {
    const first = await startPayment('January', { code: 'save15', price: 1 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ rent: 12_345, discount: 15, payable: 10_493.25, amount: 1_049_325 });
    expect(first.body.ClientSecret).toMatch(/^pi_\w+_secret_[\w-]+$/);
    const intent = await h.stripe.paymentIntents.retrieve(String(first.body.paymentIntentId));
    expect(intent).toMatchObject({ amount: 1_049_325, currency: 'bdt' });
    expect(intent.metadata).toEqual({
      email: mina.email,
      si: '7',
      month: 'January',
      year: '2026',
      coupon: 'SAVE15',
      amount: '1049325',
    });
    const again = await startPayment('January', { code: 'SAVE15', price: 99 });
    expect(again.body.paymentIntentId).toBe(first.body.paymentIntentId);
    expect(await paymentEvents('January', 'RentPaymentStarted')).toHaveLength(1);

    const noCoupon = await startPayment('June', { price: 5 });
    expect(noCoupon.body).toMatchObject({ rent: 12_345, discount: 0, payable: 12_345, amount: 1_234_500 });
  });

  it('opens one intent for two identical requests racing (double click)', async () => {
    const [a, b] = await Promise.all([startPayment('October'), startPayment('October')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.paymentIntentId).toBe(b.body.paymentIntentId);
    expect(await paymentEvents('October', 'RentPaymentStarted')).toHaveLength(1);
  });

  it('keeps one open intent per member and month: another coupon cancels the older intent', async () => {
    const plain = String((await startPayment('June')).body.paymentIntentId);
    const discounted = String((await startPayment('June', { code: 'SAVE15' })).body.paymentIntentId);
    expect(discounted).not.toBe(plain);
    expect((await h.stripe.paymentIntents.retrieve(plain)).status).toBe('canceled');
    const plainAgain = String((await startPayment('June')).body.paymentIntentId);
    expect(plainAgain).not.toBe(plain);
    expect((await h.stripe.paymentIntents.retrieve(discounted)).status).toBe('canceled');
    expect((await h.stripe.paymentIntents.retrieve(plainAgain)).status).toBe('requires_payment_method');
  });

  it('records a card payment once, answers the spec fields and issues a receipt', async () => {
    const started = await startPayment('January', { code: 'SAVE15' });
    const intentId = String(started.body.paymentIntentId);
    expect((await confirm(intentId, 'pm_card_visa')).status).toBe('succeeded');

    const recorded = await recordPayment(intentId);
    expect(recorded.status).toBe(200);
    expect(recorded.body).toMatchObject({ TransactionId: intentId, insertedId: expect.any(String) });
    await webhookDelivered(intentId, 'payment_intent.succeeded');
    expect(await recordPayment(intentId)).toEqual(recorded);
    // The spec's record shape names the intent TransactionId; its price and time are not read.
    const specShape = {
      email: mina.email,
      name: 'Mina',
      month: 'January',
      price: 1,
      TransactionId: intentId,
      time: 0,
    };
    expect((await call('/payment', specShape)).body).toEqual(recorded.body);
    expect((await call('/payment', { price: 1 })).status).toBe(400);

    const paid = await paymentEvents('January', 'RentPaid');
    expect(paid).toHaveLength(1);
    expect(paid[0]!.id).toBe(recorded.body.insertedId);
    expect(paid[0]!.position).toBe(recorded.body.position);
    expect(paid[0]!.data).toMatchObject({
      email: mina.email,
      name: 'Mina',
      month: 'January',
      year: 2026,
      si,
      apartment: '3A01',
      block: 'A',
      floor: 3,
      transactionId: intentId,
      couponCode: 'SAVE15',
      discount: 15,
      rentPoisha: 1_234_500,
      amountPoisha: 1_049_325,
    });

    const receipt = await fetch(`${h.url}/payments/${intentId}/receipt`, {
      headers: { authorization: `Bearer ${tokens[mina.email]}` },
    });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await receipt.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPageText(pdf)).toContain(intentId);
    expect(pdfPageText(pdf)).toContain('৳ 10,493.25');
    const byAdmin = await fetch(`${h.url}/payments/${intentId}/receipt`, {
      headers: { authorization: `Bearer ${tokens[admin.email]}` },
    });
    expect(byAdmin.status).toBe(200);
    const byOther = await fetch(`${h.url}/payments/${intentId}/receipt`, {
      headers: { authorization: `Bearer ${tokens[rafi.email]}` },
    });
    expect(byOther.status).toBe(403);

    // Mina reads in Bangla from now on: her receipt follows, in Dhaka time.
    const chosen = await fetch(`${h.url}/users/${mina.email}/language`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${tokens[mina.email]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ language: 'bn' }),
    });
    expect(chosen.status).toBe(200);
    const inBangla = await fetch(`${h.url}/payments/${intentId}/receipt`, {
      headers: { authorization: `Bearer ${tokens[mina.email]}` },
    });
    const bangla = pdfPageText(Buffer.from(await inBangla.arrayBuffer()));
    expect(bangla).toContain('৳ ১০,৪৯৩.২৫ (BDT)');
    expect(bangla).toContain('(ঢাকার সময়)');
    expect(bangla).not.toMatch(/UTC|Rent receipt/);
  });

  it('refuses a second payment for a month already paid, before any card is charged', async () => {
    const second = await startPayment('January');
    expect(second.status).toBe(409);
    expect(second.body.detail).toMatch(/January 2026 is already paid/);
  });

  it('records a decline with the provider message, once', async () => {
    const started = await startPayment('February');
    const intentId = String(started.body.paymentIntentId);
    expect((await confirm(intentId, 'pm_card_chargeDeclined')).status).toBe(
      'declined: Your card was declined.',
    );

    const answer = await recordPayment(intentId);
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ detail: 'Your card was declined.', code: 'generic_decline' });
    await webhookDelivered(intentId, 'payment_intent.payment_failed');
    expect((await recordPayment(intentId)).status).toBe(402);
    const failed = await paymentEvents('February', 'RentPaymentFailed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.data).toMatchObject({ paymentIntentId: intentId, message: 'Your card was declined.' });
    expect(await paymentEvents('February', 'RentPaid')).toHaveLength(0);
  });

  it('reports insufficient funds, then takes another card on the same intent', async () => {
    const started = await startPayment('March');
    const intentId = String(started.body.paymentIntentId);
    await confirm(intentId, 'pm_card_chargeDeclinedInsufficientFunds');
    const answer = await recordPayment(intentId);
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({
      detail: 'Your card has insufficient funds.',
      code: 'insufficient_funds',
    });

    expect((await startPayment('March')).body.paymentIntentId).toBe(intentId);
    expect((await confirm(intentId, 'pm_card_visa')).status).toBe('succeeded');
    expect((await recordPayment(intentId)).status).toBe(200);
    expect(await paymentEvents('March', 'RentPaymentFailed')).toHaveLength(1);
    expect(await paymentEvents('March', 'RentPaid')).toHaveLength(1);
  });

  it('records a payment from the webhook alone, and the same webhook three times gives one payment', async () => {
    const started = await startPayment('April');
    const intentId = String(started.body.paymentIntentId);
    await confirm(intentId, 'pm_card_visa');
    const event = await webhookDelivered(intentId, 'payment_intent.succeeded');
    expect(await paymentEvents('April', 'RentPaid')).toHaveLength(1);

    const payload = JSON.stringify(event);
    for (let i = 0; i < 3; i++) {
      const signature = h.stripe.webhooks.generateTestHeaderString({ payload, secret: h.webhookSecret });
      const response = await fetch(`${h.url}/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      expect(response.status).toBe(200);
    }
    const paid = await paymentEvents('April', 'RentPaid');
    expect(paid).toHaveLength(1);
    expect((await recordPayment(intentId)).body.insertedId).toBe(paid[0]!.id);
  });

  it('records one payment when the client and several webhooks race', async () => {
    const started = await startPayment('September');
    const intentId = String(started.body.paymentIntentId);
    const intent = await h.stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const payload = JSON.stringify({
      id: 'evt_race',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: intent },
    });
    const webhook = () =>
      fetch(`${h.url}/webhooks/stripe`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': h.stripe.webhooks.generateTestHeaderString({
            payload,
            secret: h.webhookSecret,
          }),
        },
        body: payload,
      });
    const [client, ...hooks] = await Promise.all([recordPayment(intentId), webhook(), webhook(), webhook()]);
    expect(client.status).toBe(200);
    expect(hooks.map((r) => r.status)).toEqual([200, 200, 200]);
    const paid = await paymentEvents('September', 'RentPaid');
    expect(paid).toHaveLength(1);
    expect(client.body.insertedId).toBe(paid[0]!.id);
  });

  /** Redelivers a provider event to the service, signed, as the provider would. */
  async function redeliver(event: Stripe.Event) {
    const payload = JSON.stringify(event);
    const signature = h.stripe.webhooks.generateTestHeaderString({ payload, secret: h.webhookSecret });
    const response = await fetch(`${h.url}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /**
   * Two intents open for one month (two tabs that started before either paid): the first is the
   * service's own, the second is opened on the provider and started in the log as the service would.
   */
  async function twoIntents(month: Month) {
    const first = String((await startPayment(month)).body.paymentIntentId);
    const metadata = { email: mina.email, si: String(si), month, year: '2026', amount: '1234500' };
    const second = await h.stripe.paymentIntents.create({ amount: 1_234_500, currency: 'bdt', metadata });
    await h.seed({
      type: 'RentPaymentStarted',
      data: {
        ...{ paymentIntentId: second.id, si, month, year: 2026, email: mina.email },
        ...{ rentPoisha: 1_234_500, discount: 0, couponCode: null, amountPoisha: 1_234_500 },
      },
    });
    expect((await confirm(first, 'pm_card_visa')).status).toBe('succeeded');
    expect((await recordPayment(first)).status).toBe(200);
    expect((await confirm(second.id, 'pm_card_visa')).status).toBe('succeeded');
    return { first, second: second.id };
  }

  /** The charge of the intent as the provider's last charge.refunded event shows it. */
  async function refundedCharge(intentId: string) {
    const event = await webhookDelivered(intentId, 'charge.refunded');
    return event.data.object as Stripe.Charge;
  }

  it('refunds a second charge for a paid month through the provider, and records it once', async () => {
    const { first, second } = await twoIntents('November');

    const answer = await recordPayment(second);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      type: '/problems/second-charge-refunded',
      detail: expect.stringMatching(
        /November 2026 was already paid: this charge of 12345\.00 taka was refunded/,
      ),
      refundId: expect.stringMatching(/^re_/),
      refundedPoisha: 1_234_500,
    });
    const charge = await refundedCharge(second);
    expect(charge).toMatchObject({ amount_refunded: 1_234_500, refunded: true });
    expect(charge.refunds?.data.map((r) => r.id)).toEqual([answer.body.refundId]);

    // A retry after a crash asks with the same key and gets the same refund back.
    const again = await h.stripe.refunds.create(
      { payment_intent: second, reason: 'duplicate' },
      { idempotencyKey: secondChargeRefundKey(second) },
    );
    expect(again.id).toBe(answer.body.refundId);

    // The client retries, the provider redelivers both notices: nothing more is refunded or recorded.
    expect(await recordPayment(second)).toEqual(answer);
    for (const type of ['payment_intent.succeeded', 'charge.refunded']) {
      const delivered = await webhookDelivered(second, type);
      expect(await redeliver(delivered)).toEqual({
        status: 200,
        body: { received: true, recorded: 'refunded' },
      });
    }
    const refunds = await h.stripe.events.list({ type: 'charge.refunded', limit: 100 });
    expect(
      refunds.data.filter((e) => (e.data.object as Stripe.Charge).payment_intent === second),
    ).toHaveLength(1);

    const paid = await paymentEvents('November', 'RentPaid');
    expect(paid.map((e) => e.data)).toEqual([expect.objectContaining({ paymentIntentId: first })]);
    const refunded = await paymentEvents('November', 'RentRefunded');
    expect(refunded.map((e) => e.data)).toEqual([
      {
        paymentIntentId: second,
        refundId: answer.body.refundId,
        si,
        month: 'November',
        year: 2026,
        email: mina.email,
        amountPoisha: 1_234_500,
        reason: 'duplicate-charge',
        refundedAt: expect.any(String),
      },
    ]);
    // The receipt is the first payment's; the refunded charge has none.
    const receipt = (id: string) =>
      fetch(`${h.url}/payments/${id}/receipt`, {
        headers: { authorization: `Bearer ${tokens[mina.email]}` },
      });
    expect((await receipt(first)).status).toBe(200);
    expect((await receipt(second)).status).toBe(404);
  });

  it('refunds a second charge the provider reports by webhook alone', async () => {
    const { first, second } = await twoIntents('December');
    expect(await refundedCharge(second)).toMatchObject({ amount_refunded: 1_234_500, refunded: true });
    await webhookDelivered(second, 'payment_intent.succeeded');
    expect((await paymentEvents('December', 'RentRefunded')).map((e) => e.data.paymentIntentId)).toEqual([
      second,
    ]);
    expect((await paymentEvents('December', 'RentPaid')).map((e) => e.data.paymentIntentId)).toEqual([first]);
    expect((await recordPayment(second)).body.type).toBe('/problems/second-charge-refunded');
  });

  it('records refunds made at the provider: a partial one reopens its part, paid again; refunded in full, the month reopens', async () => {
    const month = { si, month: 'March', year: 2027 } as const;
    const monthEvents = async (type: string) =>
      (await h.eventsOf(streams.payment(si, 2027, 'March'))).filter((e) => e.type === type);
    const pay = async () => {
      const started = await call('/create-payment-intent', month);
      expect(started.status).toBe(200);
      const id = String(started.body.paymentIntentId);
      expect((await confirm(id, 'pm_card_visa')).status).toBe('succeeded');
      expect((await recordPayment(id)).status).toBe(200);
      return { id, amount: started.body.amount };
    };
    const first = await pay();
    expect(first.amount).toBe(1_234_500);

    // An admin refunds part of it in the provider's dashboard: charge.refunded, and nothing else.
    const part = await h.stripe.refunds.create({ payment_intent: first.id, amount: 234_500 });
    await expect.poll(async () => (await monthEvents('RentRefunded')).length, { timeout: 10_000 }).toBe(1);
    expect((await monthEvents('RentRefunded'))[0]!.data).toEqual({
      paymentIntentId: first.id,
      refundId: part.id,
      ...month,
      email: mina.email,
      amountPoisha: 234_500,
      reason: 'provider-refund',
      coveredPoisha: 1_000_000,
      refundedAt: expect.any(String),
    });
    // The part given back is owed again: a new payment for it alone (no coupon applies to it).
    expect((await call('/create-payment-intent', { ...month, code: 'SAVE15' })).body.type).toBe(
      '/problems/coupon-unavailable',
    );
    const dueAgain = await pay();
    expect(dueAgain).toMatchObject({ amount: 234_500 });
    expect(dueAgain.id).not.toBe(first.id);
    expect((await monthEvents('RentPaid')).map((e) => [e.data.paymentIntentId, e.data.amountPoisha])).toEqual(
      [
        [first.id, 1_234_500],
        [dueAgain.id, 234_500],
      ],
    );
    expect((await call('/create-payment-intent', month)).body.type).toBe('/problems/rent-already-paid');

    // The rest of the first payment, then all of the second: the month is open again, for its rent.
    const rest = await h.stripe.refunds.create({ payment_intent: first.id });
    await expect.poll(async () => (await monthEvents('RentRefunded')).length, { timeout: 10_000 }).toBe(2);
    expect((await monthEvents('RentRefunded'))[1]!.data).toMatchObject({
      refundId: rest.id,
      amountPoisha: 1_000_000,
      coveredPoisha: 234_500,
    });
    expect((await call('/create-payment-intent', month)).body).toMatchObject({ amount: 1_000_000 });
    await h.stripe.refunds.create({ payment_intent: dueAgain.id });
    await expect.poll(async () => (await monthEvents('RentRefunded')).length, { timeout: 10_000 }).toBe(3);
    expect((await monthEvents('RentRefunded'))[2]!.data).toMatchObject({
      paymentIntentId: dueAgain.id,
      amountPoisha: 234_500,
      coveredPoisha: 0,
    });

    // Every notice again records nothing more; a refunded intent pays nothing again.
    const notices = await h.stripe.events.list({ type: 'charge.refunded', limit: 100 });
    for (const notice of notices.data.filter((e) =>
      [first.id, dueAgain.id].includes(String((e.data.object as Stripe.Charge).payment_intent)),
    ))
      expect((await redeliver(notice)).body).toEqual({ received: true, recorded: 'provider-refunded' });
    expect(await monthEvents('RentRefunded')).toHaveLength(3);
    expect((await recordPayment(first.id)).status).toBe(200);
    expect(await monthEvents('RentPaid')).toHaveLength(2);

    // Given back in full, the month is open: a new payment of its rent takes a new intent.
    const again = await call('/create-payment-intent', month);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ amount: 1_234_500 });
    expect([first.id, dueAgain.id]).not.toContain(again.body.paymentIntentId);
  });

  it('answers 400 to a webhook with a bad signature and records nothing', async () => {
    const started = await startPayment('May');
    const intentId = String(started.body.paymentIntentId);
    const intent = await h.stripe.paymentIntents.retrieve(intentId);
    // A forged "succeeded" for an intent nobody paid.
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { ...intent, status: 'succeeded' } },
    });
    const post = (signature: string | null, body = payload) =>
      fetch(`${h.url}/webhooks/stripe`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
        body,
      });
    const wrongSecret = h.stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
    const signedOther = h.stripe.webhooks.generateTestHeaderString({
      payload: '{}',
      secret: h.webhookSecret,
    });
    for (const response of [await post(wrongSecret), await post(signedOther), await post(null)]) {
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
    }
    expect(await paymentEvents('May', 'RentPaid')).toHaveLength(0);
  });

  it('refuses an unavailable or unknown coupon, naming the code', async () => {
    const disabled = await startPayment('July', { code: 'old10' });
    expect(disabled.status).toBe(409);
    expect(disabled.body.detail).toMatch(/OLD10/);
    const unknown = await startPayment('July', { code: 'NOPE42' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toMatch(/NOPE42/);
    expect(await paymentEvents('July', 'RentPaymentStarted')).toHaveLength(0);
  });

  it('refuses a coupon past its last day, and one a completed payment used up (a payment only started does not)', async () => {
    // Months of 2027: no other spec here pays them.
    const expired = await startPayment('February', { code: 'gone', year: 2027 });
    expect(expired.status).toBe(409);
    expect(expired.body).toMatchObject({ type: '/problems/coupon-expired' });

    const february = await startPayment('February', { code: 'once', year: 2027 });
    expect(february.body).toMatchObject({ discount: 5 });
    const march = await startPayment('March', { code: 'once', year: 2027 });
    expect(march.status).toBe(200);
    const intentId = String(february.body.paymentIntentId);
    expect((await confirm(intentId, 'pm_card_visa')).status).toBe('succeeded');
    expect((await recordPayment(intentId)).status).toBe(200);
    const used = (await h.eventsOf(streams.coupon(couponIdFor('ONCE')))).filter(
      (e) => e.type === 'CouponRedeemed',
    );
    expect(used.map((e) => e.data)).toEqual([
      { couponId: couponIdFor('ONCE'), si, month: 'February', year: 2027, paymentIntentId: intentId },
    ]);

    const again = await startPayment('March', { code: 'once', year: 2027 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ type: '/problems/coupon-used-up' });
    expect(again.body.detail).toMatch(/ONCE/);
  });

  it('lets only the member with the active lease pay, and only the owner record', async () => {
    expect((await startPayment('August', {}, rafi.email)).status).toBe(403);
    expect((await startPayment('August', {}, admin.email)).status).toBe(403);
    const started = await startPayment('August');
    expect((await recordPayment(String(started.body.paymentIntentId), rafi.email)).status).toBe(403);
    const anonymous = await fetch(`${h.url}/create-payment-intent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ si, month: 'August', year: 2026 }),
    });
    expect(anonymous.status).toBe(401);
    expect((await call('/create-payment-intent', { si, month: 'Smarch', year: 2026 })).status).toBe(400);
    expect((await recordPayment('pi_does_not_exist')).status).toBe(404);
  });

  it('refuses a month before the lease, and opens no intent for it', async () => {
    const before = await call('/create-payment-intent', { si, month: 'December', year: 2025 });
    expect(before.status).toBe(400);
    expect(before.body).toMatchObject({ type: '/problems/month-outside-lease' });
    expect(before.body.detail).toMatch(
      /December 2025 is outside the lease of apartment 7 \(from January 2026\)/,
    );
    expect(await h.eventsOf(streams.payment(si, 2025, 'December'))).toEqual([]);
  });
  it("prices the month's total, itemised in the intent, the RentPaid and the receipt; then a charge alone", async () => {
    // April 2027 owes a generator charge beside the rent, and the desk took 2,000 taka by bKash.
    const april = {
      si,
      apartment: '3A01',
      month: 'April',
      year: 2027,
      email: mina.email,
      name: 'Mina',
    } as const;
    const leaseId = requestId(si);
    const charge = (chargeId: string, amountPoisha: number, description: string): DomainEvent => ({
      type: 'ChargeAdded',
      data: {
        ...april,
        leaseId,
        chargeId,
        block: 'A',
        kind: 'other',
        amountPoisha,
        description,
        origin: 'admin',
        addedBy: admin.email,
        addedAt: '2027-04-01T04:00:00.000Z',
      },
    });
    await h.seed(charge('44444444-4444-4444-8444-444444444444', 250_000, 'Generator fuel'), {
      type: 'OfflinePaymentRecorded',
      data: {
        ...april,
        leaseId,
        paymentId: '55555555-5555-4555-8555-555555555555',
        method: 'bkash',
        reference: 'BK-2027-4',
        amountPoisha: 200_000,
        recordedBy: admin.email,
        recordedAt: '2027-04-02T04:00:00.000Z',
      },
    });
    const started = await call('/create-payment-intent', { si, month: 'April', year: 2027, code: 'SAVE15' });
    expect(started.status).toBe(200);
    // 10,493.25 of rent after the coupon, less the 2,000 paid at the desk, and the charge.
    expect(started.body).toMatchObject({ rent: 12_345, discount: 15, payable: 10_993.25, amount: 1_099_325 });
    expect(started.body.items).toEqual([
      { kind: 'rent', description: '', amountPoisha: 849_325, amount: 8_493.25 },
      {
        kind: 'charge',
        chargeId: '44444444-4444-4444-8444-444444444444',
        description: 'Generator fuel',
        amountPoisha: 250_000,
        amount: 2_500,
      },
    ]);
    const intentId = String(started.body.paymentIntentId);
    const intent = await h.stripe.paymentIntents.retrieve(intentId);
    expect(intent.metadata).toMatchObject({
      amount: '1099325',
      items: 'rent 849325, charge:44444444 250000',
    });
    expect((await confirm(intentId, 'pm_card_visa')).status).toBe('succeeded');
    expect((await recordPayment(intentId)).status).toBe(200);
    const [paid] = (await h.eventsOf(streams.payment(si, 2027, 'April'))).filter(
      (e) => e.type === 'RentPaid',
    );
    expect(paid?.data).toMatchObject({
      amountPoisha: 1_099_325,
      items: [
        { kind: 'rent', description: '', amountPoisha: 849_325 },
        { kind: 'charge', chargeId: '44444444-4444-4444-8444-444444444444', amountPoisha: 250_000 },
      ],
    });

    const receipt = await fetch(`${h.url}/payments/${intentId}/receipt`, {
      headers: { authorization: `Bearer ${tokens[mina.email]}` },
    });
    const text = pdfPageText(Buffer.from(await receipt.arrayBuffer()));
    // (Mina reads in Bangla since an earlier test.)
    for (const expected of ['৳ ৮,৪৯৩.২৫', 'Generator fuel৳ ২,৫০০', '৳ ১০,৯৯৩.২৫ (BDT)'])
      expect(text).toContain(expected);

    // The rent is paid; a charge added after it is still payable by card, alone, without a coupon.
    expect((await call('/create-payment-intent', { si, month: 'April', year: 2027 })).status).toBe(409);
    await h.seed(charge('66666666-6666-4666-8666-666666666666', 120_000, 'Water'));
    const withCoupon = await call('/create-payment-intent', {
      si,
      month: 'April',
      year: 2027,
      code: 'SAVE15',
    });
    expect(withCoupon.status).toBe(409);
    expect(withCoupon.body).toMatchObject({ type: '/problems/coupon-unavailable' });
    const chargeAlone = await call('/create-payment-intent', { si, month: 'April', year: 2027 });
    expect(chargeAlone.status).toBe(200);
    expect(chargeAlone.body).toMatchObject({
      discount: 0,
      amount: 120_000,
      items: [{ kind: 'charge', amount: 1_200 }],
    });
    const second = String(chargeAlone.body.paymentIntentId);
    expect((await confirm(second, 'pm_card_visa')).status).toBe('succeeded');
    expect((await recordPayment(second)).status).toBe(200);
    expect(
      (await h.eventsOf(streams.payment(si, 2027, 'April'))).filter((e) => e.type === 'RentPaid'),
    ).toHaveLength(2);
    expect((await call('/create-payment-intent', { si, month: 'April', year: 2027 })).status).toBe(409);
  });
});
