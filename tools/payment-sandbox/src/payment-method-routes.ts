import Router from '@koa/router';
import { secretKeyOnly } from './api-keys.ts';
import { newId } from './ids.ts';
import { parseParams } from './params.ts';
import {
  buildCardPaymentMethod,
  createPaymentMethodParams,
  testTokenData,
  type PaymentMethodData,
  type StoredPaymentMethod,
} from './payment-methods.ts';
import type { SandboxState } from './sandbox-context.ts';
import type { SandboxDeps } from './sandbox-deps.ts';
import { testTokenCardNumber } from './test-cards.ts';

export function createStoredPaymentMethod(deps: SandboxDeps, data: PaymentMethodData): StoredPaymentMethod {
  const stored = buildCardPaymentMethod(data, { id: newId('pm'), now: deps.now() });
  deps.store.savePaymentMethod(stored);
  return stored;
}

/** A payment method by id; a test token (`pm_card_visa` ...) yields a fresh payment method each time, as on Stripe. */
export function resolvePaymentMethod(deps: SandboxDeps, id: string): StoredPaymentMethod {
  const tokenNumber = testTokenCardNumber(id);
  if (tokenNumber) return createStoredPaymentMethod(deps, testTokenData(tokenNumber, deps.now()));
  return deps.store.paymentMethod(id);
}

export function paymentMethodRoutes(deps: SandboxDeps): Router<SandboxState> {
  const router = new Router<SandboxState>();

  // Open to publishable keys: Stripe.js creates payment methods from the browser.
  router.post('/v1/payment_methods', (ctx) => {
    const { expand: _expand, ...data } = parseParams(createPaymentMethodParams, ctx.state.params);
    ctx.body = createStoredPaymentMethod(deps, data).paymentMethod;
  });

  router.get('/v1/payment_methods/:id', secretKeyOnly(), (ctx) => {
    ctx.body = resolvePaymentMethod(deps, ctx.params.id as string).paymentMethod;
  });

  return router;
}
