// @vitest-environment jsdom
import { createElement as h, act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPaymentSandbox, type RunningPaymentSandbox } from './start-payment-sandbox.ts';

/*
 * The stand-in under the real @stripe/react-stripe-js v7 (what the product's UI renders): <Elements>,
 * <CardElement> and the hooks, in jsdom. The Chromium test covers typing and CORS; this one covers the
 * library's calls into the stand-in.
 */

let sandbox: RunningPaymentSandbox;
let stripe: Stripe;
let root: Root;
// Type-checked without the DOM library: jsdom provides these at run time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const dom = globalThis as unknown as { document: any; Event: any; Stripe: (key: string) => unknown };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let host: any;
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(async () => {
  sandbox = await startPaymentSandbox({ port: 0 });
  const { hostname, port } = new URL(sandbox.url);
  stripe = new Stripe('sk_test_sandbox', {
    host: hostname,
    port: Number(port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  // Loaded as a page would load it; jsdom has no currentScript here, so the served default origin is used.
  new Function(await (await fetch(`${sandbox.url}/js/v3`)).text())();
});

afterAll(async () => {
  act(() => root?.unmount());
  await sandbox.stop();
});

function CheckoutForm({
  clientSecret,
  onResult,
}: {
  clientSecret: string;
  onResult: (result: unknown) => void;
}) {
  const stripeJs = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  async function pay() {
    const card = elements!.getElement(CardElement)!;
    onResult(
      await stripeJs!.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: 'Rahim' } },
      }),
    );
  }
  return h(
    'form',
    null,
    h(CardElement, { onChange: (event) => setComplete(event.complete) }),
    h('button', { type: 'button', disabled: !stripeJs || !complete, onClick: () => void pay() }, 'Pay'),
  );
}

function type(label: string, text: string) {
  const input = host.querySelector(`input[aria-label="${label}"]`)!;
  for (const char of text) {
    input.value += char;
    input.dispatchEvent(new dom.Event('input', { bubbles: true }));
  }
}

it('pays through <Elements>, <CardElement>, useStripe and useElements', async () => {
  const intent = await stripe.paymentIntents.create({ amount: 2000, currency: 'bdt' });
  const stripeJs = dom.Stripe('pk_test_sandbox');
  host = dom.document.createElement('div');
  dom.document.body.appendChild(host);
  root = createRoot(host);
  let result: { paymentIntent?: { status: string }; error?: unknown } | undefined;
  await act(async () => {
    root.render(
      h(
        Elements,
        { stripe: stripeJs as never },
        h(CheckoutForm, {
          clientSecret: intent.client_secret!,
          onResult: (r) => (result = r as typeof result),
        }),
      ),
    );
  });
  const button = host.querySelector('button')!;
  expect(button.disabled).toBe(true);
  await act(async () => {
    type('Card number', '4242424242424242');
    type('Expiration date MM / YY', '1234');
    type('CVC', '123');
  });
  expect(button.disabled).toBe(false);
  await act(async () => {
    button.click();
    await expect.poll(() => result).toBeDefined();
  });
  expect(result).toMatchObject({ paymentIntent: { id: intent.id, status: 'succeeded' } });
  expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
});
