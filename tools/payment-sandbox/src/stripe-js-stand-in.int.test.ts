import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPaymentSandbox, type RunningPaymentSandbox } from './start-payment-sandbox.ts';

const chromiumPath = '/usr/bin/chromium';

let sandbox: RunningPaymentSandbox;
let stripe: Stripe;
let pageServer: Server;
let pageUrl: string;
let browser: Browser;
let page: Page;

/** A page on another origin than the sandbox (so CORS is exercised) that mounts a card Element. */
function cardPage(sandboxUrl: string): string {
  return `<!doctype html>
<html><head><title>card</title></head><body>
<form><div id="card"></div></form>
<script src="${sandboxUrl}/js/v3"></script>
<script>
  window.events = [];
  const stripe = Stripe('pk_test_sandbox');
  const elements = stripe.elements();
  const card = elements.create('card');
  card.on('ready', () => window.events.push({ type: 'ready' }));
  card.on('change', (e) => window.events.push({ type: 'change', complete: e.complete, empty: e.empty, brand: e.brand, error: e.error && e.error.code }));
  card.mount('#card');
  window.sandboxCard = { stripe, elements, card };
</script>
</body></html>`;
}

type ChangeEvent = { type: string; complete?: boolean; empty?: boolean; brand?: string; error?: string };
/** What the card page leaves on `window` (this file is type-checked without the DOM library). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type PageGlobals = { events: ChangeEvent[]; sandboxCard: Record<string, any> };

async function lastChange(): Promise<ChangeEvent | undefined> {
  const events = await page.evaluate(() => (globalThis as unknown as PageGlobals).events);
  return events.filter((event) => event.type === 'change').at(-1);
}

async function typeCard(number: string, expiry: string, cvc: string): Promise<void> {
  await page.getByLabel('Card number').pressSequentially(number);
  await page.getByLabel('Expiration date MM / YY').pressSequentially(expiry);
  await page.getByLabel('CVC').pressSequentially(cvc);
}

beforeAll(async () => {
  if (!existsSync(chromiumPath)) throw new Error(`${chromiumPath} is missing: apt-get install -y chromium`);
  pageServer = createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(cardPage(sandbox.url));
  });
  pageServer.listen(0, '127.0.0.1');
  await once(pageServer, 'listening');
  pageUrl = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}/`;
  // The page's origin is the UI's: the only one the sandbox answers browsers from.
  sandbox = await startPaymentSandbox({ port: 0, allowedOrigins: [new URL(pageUrl).origin] });
  const { hostname, port } = new URL(sandbox.url);
  stripe = new Stripe('sk_test_sandbox', {
    host: hostname,
    port: Number(port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  // Each part only if set up: a failed beforeAll (no Chromium) must not leave a close that never resolves.
  if (pageServer) {
    pageServer.closeAllConnections();
    await new Promise((resolve) => pageServer.close(resolve));
  }
  await sandbox?.stop();
});

beforeEach(async () => {
  await page?.close();
  page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(pageUrl);
  await expect
    .poll(async () => (await page.evaluate(() => (globalThis as unknown as PageGlobals).events)).length)
    .toBeGreaterThan(0);
  expect(problems).toEqual([]);
});

describe('the Stripe.js stand-in at /js/v3', () => {
  it('is served as JavaScript and offers what @stripe/react-stripe-js checks for', async () => {
    const response = await fetch(`${sandbox.url}/js/v3`);
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
    const shape = await page.evaluate(() => {
      const { stripe, elements, card } = (globalThis as unknown as PageGlobals).sandboxCard;
      return {
        // react-stripe-js's isStripe() guard, and what registerWithStripeJs calls
        stripe: [
          'elements',
          'createToken',
          'createPaymentMethod',
          'confirmCardPayment',
          'registerAppInfo',
          '_registerWrapper',
        ].map((name) => typeof stripe[name]),
        element: ['mount', 'on', 'off', 'update', 'unmount', 'destroy', 'clear', 'focus', 'blur'].map(
          (name) => typeof card[name],
        ),
        byType: elements.getElement('card') === card,
        byComponent: elements.getElement({ __elementType: 'card' }) === card,
      };
    });
    expect(shape.stripe.every((type) => type === 'function')).toBe(true);
    expect(shape.element.every((type) => type === 'function')).toBe(true);
    expect(shape.byType && shape.byComponent).toBe(true);
    expect(await page.getAttribute('#card', 'class')).toContain('StripeElement--empty');
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).events[0])).toEqual({
      type: 'ready',
    });
  });

  it('takes a typed card and confirms an intent created through the SDK: the intent succeeds', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 150000,
      currency: 'bdt',
      metadata: { si: '7' },
    });
    await typeCard('4242 4242 4242 4242', '12/34', '123');
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    expect(await page.getByLabel('Expiration date MM / YY').inputValue()).toBe('12 / 34');
    expect(await lastChange()).toEqual({
      type: 'change',
      complete: true,
      empty: false,
      brand: 'visa',
      error: undefined,
    });
    expect(await page.getAttribute('#card', 'class')).toContain('StripeElement--complete');

    const result = await page.evaluate(async (clientSecret) => {
      const { stripe, card } = (globalThis as unknown as PageGlobals).sandboxCard;
      return stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: 'Rahim', email: 'rahim@example.com' } },
      });
    }, intent.client_secret!);
    expect(result.error).toBeUndefined();
    expect(result.paymentIntent).toMatchObject({ id: intent.id, status: 'succeeded' });
    expect(result.paymentIntent).not.toHaveProperty('metadata');

    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after.status).toBe('succeeded');
    const method = await stripe.paymentMethods.retrieve(after.payment_method as string);
    expect(method).toMatchObject({
      card: { last4: '4242', exp_month: 12, exp_year: 2034 },
      billing_details: { name: 'Rahim' },
    });
  });

  it('creates a payment method, and reports a decline as Stripe.js does', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2000, currency: 'bdt' });
    await typeCard('4000000000000002', '1234', '123');
    const result = await page.evaluate(async (clientSecret) => {
      const { stripe, card } = (globalThis as unknown as PageGlobals).sandboxCard;
      const created = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: { name: 'anonymous' },
      });
      if (created.error) return { created };
      return {
        created,
        confirmed: await stripe.confirmCardPayment(clientSecret, {
          payment_method: created.paymentMethod.id,
        }),
      };
    }, intent.client_secret!);
    expect(result.created.paymentMethod).toMatchObject({
      object: 'payment_method',
      card: { brand: 'visa', last4: '0002' },
    });
    expect(result.confirmed?.paymentIntent).toBeUndefined();
    expect(result.confirmed?.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
  });

  it('validates while typing, refuses an incomplete card without calling the API, and clears', async () => {
    await page.getByLabel('Card number').pressSequentially('4242424242424241');
    expect(await lastChange()).toMatchObject({ complete: false, error: 'invalid_number' });
    expect(await page.getAttribute('#card', 'class')).toContain('StripeElement--invalid');

    await page.evaluate(() => (globalThis as unknown as PageGlobals).sandboxCard.card.clear());
    expect(await page.getByLabel('Card number').inputValue()).toBe('');
    expect(await lastChange()).toMatchObject({ empty: true, complete: false, error: undefined });

    await page.getByLabel('Card number').pressSequentially('4242');
    const result = await page.evaluate(async () => {
      const { stripe, card } = (globalThis as unknown as PageGlobals).sandboxCard;
      return stripe.createPaymentMethod({ type: 'card', card });
    });
    expect(result).toEqual({
      error: {
        type: 'validation_error',
        code: 'incomplete_number',
        message: 'Your card number is incomplete.',
      },
    });
  });
});
