import Router from '@koa/router';
import { parseInput } from '@building/events/parse-input';
import {
  depositIntentRequest,
  depositPaymentRequest,
  settleDepositRequest,
} from '@building/events/requests/account-requests';
import { payDeposit } from '@building/domain/account/deposit-commands';
import type { AppDeps } from '../command-deps.ts';
import { currentCaller } from '../http/current-caller.ts';
import { createPaymentProvider } from '../payment-provider/stripe-payment-provider.ts';
import type { PaymentDeps } from '../payments/payment-deps.ts';
import { startDepositPayment } from './deposit-card-payment.ts';
import { settleWithReturn } from './settle-with-return.ts';

/**
 * A lease's deposit: paid by card (the intent here, recorded by POST /payment or the webhook like
 * rent) or offline at the desk, and settled once after the lease ends. Each route parses, runs
 * its command, answers.
 */
export function depositRoutes(deps: AppDeps): Router {
  const router = new Router();
  const provider = deps.payments ?? createPaymentProvider({});
  const payments: PaymentDeps = { commands: deps.commands, provider, log: (line) => deps.log?.(line) };

  router.post('/deposits/payment-intent', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { si } = parseInput(depositIntentRequest, ctx.request.body);
    ctx.body = await startDepositPayment(payments, { si, caller });
  });

  router.post('/deposits/payments', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { amount, ...request } = parseInput(depositPaymentRequest, ctx.request.body);
    const { paymentId, recorded, position } = await payDeposit(deps.commands, {
      ...request,
      amountPoisha: amount,
      paymentId: deps.newId(),
      caller,
      now: deps.clock(),
    });
    ctx.body = { paymentId, recorded, position };
  });

  router.post('/deposits/settle', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const request = parseInput(settleDepositRequest, ctx.request.body);
    const { modifiedCount, position } = await settleWithReturn(payments, request, {
      caller,
      now: deps.clock(),
    });
    ctx.body = { modifiedCount, position };
  });

  return router;
}
