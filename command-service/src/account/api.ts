import Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '@building/events/parse-input';
import {
  addChargeRequest,
  cancelChargeRequest,
  meterReadingRequest,
  offlinePaymentRequest,
  reversePaymentRequest,
  servicePlanRequest,
  tariffRequest,
  utilityField,
} from '@building/events/requests/account-requests';
import { readMeter } from '@building/domain/account/read-meter';
import { setServicePlan, setTariff } from '@building/domain/account/set-prices';
import { addCharges, cancelCharge } from '@building/domain/account/add-charges';
import { leasedApartments } from './leased-apartments.ts';
import type { AppDeps } from '../command-deps.ts';
import { recordOfflinePayment, reverseOfflinePayment } from '@building/domain/account/record-offline-payment';
import { currentCaller } from '../http/current-caller.ts';

/**
 * A resident's account, the admin's side: money received outside the card provider (cash at the
 * desk, bank transfer, bKash, Nagad) and its reversal; charges, the service plan, tariffs and meter
 * readings. Each route only parses, runs its command, answers.
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

  router.put('/charge-plans/service', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const plan = parseInput(servicePlanRequest, ctx.request.body);
    ctx.body = await setServicePlan(deps.commands, { ...plan, caller, now: deps.clock() });
  });

  router.put('/tariffs/:utility', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { utility } = parseInput(z.object({ utility: utilityField }), ctx.params, 'path');
    const tariff = parseInput(tariffRequest, ctx.request.body);
    ctx.body = await setTariff(deps.commands, { ...tariff, utility, caller, now: deps.clock() });
  });

  router.post('/meter-readings', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { readAt, ...reading } = parseInput(meterReadingRequest, ctx.request.body);
    ctx.body = await readMeter(deps.commands, {
      ...reading,
      readAt: new Date(readAt),
      caller,
      now: deps.clock(),
    });
  });

  return router;
}
