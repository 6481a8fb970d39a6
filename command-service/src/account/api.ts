import Router from '@koa/router';
import { parseInput } from '@building/events/parse-input';
import {
  addChargeRequest,
  cancelChargeRequest,
  offlinePaymentRequest,
  reversePaymentRequest,
} from '@building/events/requests/account-requests';
import { addCharges, cancelCharge } from '@building/domain/account/add-charges';
import { leasedApartments } from './leased-apartments.ts';
import type { AppDeps } from '../command-deps.ts';
import { recordOfflinePayment, reverseOfflinePayment } from '@building/domain/account/record-offline-payment';
import { currentCaller } from '../http/current-caller.ts';

/**
 * A resident's account, the admin's side: money received outside the card provider (cash at the
 * desk, bank transfer, bKash, Nagad) and its reversal. Each route only parses, runs its command, answers.
 */
export function accountRoutes(deps: AppDeps): Router {
  const router = new Router();

  router.post('/payments/offline', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const request = parseInput(offlinePaymentRequest, ctx.request.body);
    const paymentId = deps.newId();
    ctx.body = await recordOfflinePayment(deps.commands, {
      ...request,
      paymentId,
      caller,
      now: deps.clock(),
    });
  });

  router.post('/payments/offline/reverse', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const request = parseInput(reversePaymentRequest, ctx.request.body);
    ctx.body = await reverseOfflinePayment(deps.commands, { ...request, caller, now: deps.clock() });
  });

  router.post('/charges', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const request = parseInput(addChargeRequest, ctx.request.body);
    const { target } = request;
    const sis =
      typeof target === 'object' && 'si' in target
        ? [target.si]
        : await leasedApartments(deps.store, target === 'all' ? undefined : target.block);
    ctx.body = await addCharges(deps.commands, { ...request, sis, caller, now: deps.clock() });
  });

  router.post('/charges/cancel', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const request = parseInput(cancelChargeRequest, ctx.request.body);
    ctx.body = await cancelCharge(deps.commands, { ...request, caller, now: deps.clock() });
  });

  return router;
}
