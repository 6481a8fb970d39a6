import Router from '@koa/router';
import { parseInput } from '@building/events/parse-input';
import { offlinePaymentRequest, reversePaymentRequest } from '@building/events/requests/account-requests';
import type { AppDeps } from '../command-deps.ts';
import { commandMeta, currentCaller } from '../http/current-caller.ts';
import { recordOfflinePayment, reverseOfflinePayment } from './record-offline-payment.ts';

/**
 * A resident's account, the admin's side: money received outside the card provider (cash at the
 * desk, bank transfer, bKash, Nagad) and its reversal. Each route only parses, runs its command, answers.
 */
export function accountRoutes(deps: AppDeps): Router {
  const router = new Router();

  router.post('/payments/offline', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const request = parseInput(offlinePaymentRequest, ctx.request.body);
    ctx.body = await recordOfflinePayment(
      deps.store,
      { ...request, paymentId: deps.newId(), by: caller },
      commandMeta(deps, caller),
    );
  });

  router.post('/payments/offline/reverse', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const request = parseInput(reversePaymentRequest, ctx.request.body);
    ctx.body = await reverseOfflinePayment(deps.store, { ...request, by: caller }, commandMeta(deps, caller));
  });

  return router;
}
