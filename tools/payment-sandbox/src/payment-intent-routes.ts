import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import { secretKeyOnly } from './api-keys.ts';
import { newId } from './ids.ts';
import { listPage } from './list-params.ts';
import { parseParams } from './params.ts';
import {
  assertConfirmable,
  cancelIntentParams,
  cancelPaymentIntent,
  confirmIntentParams,
  createIntentParams,
  listIntentParams,
  newPaymentIntent,
  publishableView,
  retrieveIntentParams,
  settlePaymentIntent,
  updateIntentParams,
  updatePaymentIntent,
  type PaymentIntent,
} from './payment-intents.ts';
import type { PaymentMethodData, StoredPaymentMethod } from './payment-methods.ts';
import { createStoredPaymentMethod, resolvePaymentMethod } from './payment-method-routes.ts';
import type { SandboxContext, SandboxState } from './sandbox-context.ts';
import type { SandboxDeps } from './sandbox-deps.ts';
import { cardError, invalidRequest, parameterMissing, unexpectedIntentState } from './stripe-error.ts';
import { chargeOutcome } from './test-cards.ts';

export function paymentIntentRoutes(deps: SandboxDeps): Router<SandboxState> {
  const router = new Router<SandboxState>();
  const { store } = deps;

  function present(ctx: SandboxContext, intent: PaymentIntent): Partial<PaymentIntent> {
    return ctx.state.apiKey?.kind === 'publishable' ? publishableView(intent) : intent;
  }

  function paymentMethodFrom(params: { payment_method?: string; payment_method_data?: PaymentMethodData }) {
    if (params.payment_method && params.payment_method_data) {
      throw invalidRequest(
        'You may only specify one of these parameters: payment_method, payment_method_data.',
        {
          code: 'parameters_exclusive',
          param: 'payment_method_data',
        },
      );
    }
    if (params.payment_method) return resolvePaymentMethod(deps, params.payment_method);
    if (params.payment_method_data) return createStoredPaymentMethod(deps, params.payment_method_data);
    return undefined;
  }

  /** A publishable key reaches an intent only with its client secret; a secret key may also send it. */
  function checkClientSecret(
    ctx: SandboxContext,
    intent: PaymentIntent,
    clientSecret: string | undefined,
  ): void {
    if (clientSecret === undefined) {
      if (ctx.state.apiKey?.kind === 'publishable') throw parameterMissing('client_secret');
      return;
    }
    if (clientSecret !== intent.client_secret) {
      throw invalidRequest(
        'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
        { code: 'payment_intent_invalid_parameter', param: 'client_secret' },
      );
    }
  }

  /** Charges the card: the intent succeeds (200) or records the decline and answers with a 402 card error. */
  function confirm(
    ctx: SandboxContext,
    intent: PaymentIntent,
    given: StoredPaymentMethod | undefined,
    receiptEmail?: string,
  ) {
    assertConfirmable(intent);
    const method = given ?? (intent.payment_method ? store.paymentMethod(intent.payment_method) : undefined);
    if (!method) {
      throw unexpectedIntentState(
        "You cannot confirm this PaymentIntent because it's missing a payment method. Update the PaymentIntent with a payment method and then confirm it again.",
        { param: 'payment_method' },
      );
    }
    const outcome = chargeOutcome(method.cardNumber);
    const settled = settlePaymentIntent(intent, {
      id: newId('ch'),
      paymentMethod: method.paymentMethod,
      outcome,
      receiptEmail,
    });
    store.saveIntent(settled);
    if (outcome.kind === 'succeeded') {
      deps.publishEvent('payment_intent.succeeded', settled, ctx);
      ctx.body = present(ctx, settled);
      return;
    }
    deps.publishEvent('payment_intent.payment_failed', settled, ctx);
    throw cardError(outcome.code, outcome.message, {
      decline_code: outcome.declineCode,
      charge: settled.latest_charge,
      payment_intent: present(ctx, settled),
      payment_method: method.paymentMethod,
    });
  }

  router.post('/v1/payment_intents', secretKeyOnly(), (ctx) => {
    const params = parseParams(createIntentParams, ctx.state.params);
    const method = paymentMethodFrom(params);
    const intent = newPaymentIntent(params, {
      id: newId('pi'),
      secret: randomBytes(18).toString('base64url'),
      now: deps.now(),
      paymentMethodId: method?.paymentMethod.id ?? null,
    });
    store.saveIntent(intent);
    deps.publishEvent('payment_intent.created', intent, ctx);
    if (params.confirm) confirm(ctx, intent, method);
    else ctx.body = intent;
  });

  router.get('/v1/payment_intents', secretKeyOnly(), (ctx) => {
    const params = parseParams(listIntentParams, ctx.state.params);
    ctx.body = listPage(store.listIntents(), params, '/v1/payment_intents', 'payment_intent');
  });

  router.get('/v1/payment_intents/:id', (ctx) => {
    const params = parseParams(retrieveIntentParams, ctx.state.params);
    const intent = store.intent(ctx.params.id as string);
    checkClientSecret(ctx, intent, params.client_secret);
    ctx.body = present(ctx, intent);
  });

  router.post('/v1/payment_intents/:id', secretKeyOnly(), (ctx) => {
    const params = parseParams(updateIntentParams, ctx.state.params);
    const intent = store.intent(ctx.params.id as string);
    const method = params.payment_method ? resolvePaymentMethod(deps, params.payment_method) : undefined;
    const updated = updatePaymentIntent(intent, params, method?.paymentMethod.id);
    store.saveIntent(updated);
    ctx.body = updated;
  });

  // Open to publishable keys with the client secret: Stripe.js confirms from the browser.
  router.post('/v1/payment_intents/:id/confirm', (ctx) => {
    const params = parseParams(confirmIntentParams, ctx.state.params);
    const intent = store.intent(ctx.params.id as string);
    checkClientSecret(ctx, intent, params.client_secret);
    assertConfirmable(intent);
    confirm(ctx, intent, paymentMethodFrom(params), params.receipt_email);
  });

  router.post('/v1/payment_intents/:id/cancel', secretKeyOnly(), (ctx) => {
    const params = parseParams(cancelIntentParams, ctx.state.params);
    const canceled = cancelPaymentIntent(
      store.intent(ctx.params.id as string),
      params.cancellation_reason,
      deps.now(),
    );
    store.saveIntent(canceled);
    deps.publishEvent('payment_intent.canceled', canceled, ctx);
    ctx.body = canceled;
  });

  return router;
}
