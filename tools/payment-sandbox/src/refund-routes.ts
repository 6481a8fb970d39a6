import Router from '@koa/router';
import { secretKeyOnly } from './api-keys.ts';
import { newId } from './ids.ts';
import { parseParams } from './params.ts';
import { listPage } from './list-params.ts';
import { chargeOf, createRefundParams, listRefundParams, newRefund } from './refunds.ts';
import type { SandboxState } from './sandbox-context.ts';
import type { SandboxDeps } from './sandbox-deps.ts';
import { invalidRequest } from './stripe-error.ts';

/**
 * Stripe's refunds API: POST /v1/refunds (by payment_intent or charge; as a dashboard refund does,
 * it sends `charge.refunded`), GET /v1/refunds[?payment_intent=|charge=] and GET /v1/refunds/:id.
 */
export function refundRoutes(deps: SandboxDeps): Router<SandboxState> {
  const router = new Router<SandboxState>();
  const { store } = deps;
  router.use(secretKeyOnly());

  router.post('/v1/refunds', (ctx) => {
    const params = parseParams(createRefundParams, ctx.state.params);
    if (params.payment_intent && params.charge) {
      throw invalidRequest('You may only specify one of these parameters: charge, payment_intent.', {
        code: 'parameters_exclusive',
        param: 'charge',
      });
    }
    const intent = params.payment_intent
      ? store.intent(params.payment_intent)
      : params.charge
        ? store.intentOfCharge(params.charge)
        : undefined;
    if (!intent)
      throw invalidRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
        { code: 'parameter_missing' },
      );
    const refund = newRefund(intent, store.refundsOf(intent.id), params, {
      id: newId('re'),
      now: deps.now(),
    });
    store.saveRefund(refund);
    deps.publishEvent('charge.refunded', chargeOf(intent, store.refundsOf(intent.id)), ctx);
    ctx.body = refund;
  });

  router.get('/v1/refunds', (ctx) => {
    const params = parseParams(listRefundParams, ctx.state.params);
    const all = store
      .allRefunds()
      .filter(
        (refund) =>
          (!params.payment_intent || refund.payment_intent === params.payment_intent) &&
          (!params.charge || refund.charge === params.charge),
      );
    ctx.body = listPage([...all].reverse(), params, '/v1/refunds', 'refund');
  });

  router.get('/v1/refunds/:id', (ctx) => {
    ctx.body = store.refund(ctx.params.id as string);
  });

  return router;
}
