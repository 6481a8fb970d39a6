import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { translate } from '../../../i18n/i18n.ts';
import { env } from '../../../lib/env.ts';

/** The key the payment sandbox's Stripe.js stand-in accepts. */
const sandboxKey = 'pk_test_sandbox';

/** Adds the sandbox's stand-in for Stripe.js unless a Stripe is already on the page. */
function loadSandboxScript(): Promise<void> {
  if (window.Stripe) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${env.paymentSandboxUrl}/js/v3`;
    script.async = true;
    script.addEventListener('load', () =>
      window.Stripe ? resolve() : reject(new Error(translate('pages.cardFormMissing'))),
    );
    script.addEventListener('error', () =>
      reject(new Error(translate('pages.cardFormUnreachable', { url: env.paymentSandboxUrl }))),
    );
    document.head.appendChild(script);
  });
}

let loading: Promise<Stripe | null> | undefined;

/**
 * Stripe for the card form: real Stripe.js with a real publishable key, else the payment sandbox's
 * stand-in. loadStripe uses a `window.Stripe` already on the page, so the UI code is the same.
 */
export function loadCardPayments(): Promise<Stripe | null> {
  loading ??= (async () => {
    const key = env.stripePublishableKey;
    // The launcher names the sandbox's own key; any other key is a real Stripe account.
    if (key && key !== sandboxKey) return loadStripe(key);
    await loadSandboxScript();
    return loadStripe(sandboxKey);
  })().catch((error: unknown) => {
    loading = undefined; // let a later visit try again
    throw error;
  });
  return loading;
}
