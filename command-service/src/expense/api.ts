import Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '@building/events/parse-input';
import {
  expenseRequest,
  recurringExpenseRequest,
  reverseExpenseRequest,
} from '@building/events/requests/expense-requests';
import {
  recordExpense,
  reverseExpense,
  setRecurringExpense,
  stopRecurringExpense,
} from '@building/domain/expense/commands';
import { currentCaller } from '../http/current-caller.ts';
import { idField } from '../http/fields.ts';
import { requireOwnUploads, uploadedImageField } from '../images/uploaded-images.ts';
import type { AppDeps } from '../command-deps.ts';

const idPath = z.object({ id: idField });

/**
 * The building's expenses (admins): record one (with a photo of its receipt, uploaded here), reverse
 * one entered in error, set or stop a recurring one that the scheduler issues every month.
 */
export function expenseRoutes(deps: AppDeps): Router {
  const router = new Router();
  const expenseBody = expenseRequest.extend({ receipt: uploadedImageField(deps.publicUrl).optional() });

  router.post('/expenses', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { receipt, amount, ...entry } = parseInput(expenseBody, ctx.request.body);
    if (receipt) await requireOwnUploads(deps.store.db, [receipt], 'receipt', caller.email);
    const expenseId = deps.newId();
    const result = await recordExpense(deps.commands, {
      ...entry,
      amountPoisha: amount,
      receipt: receipt ?? null,
      expenseId,
      caller,
      now: deps.clock(),
    });
    ctx.body = { insertedId: expenseId, position: result.position };
  });

  router.post('/expenses/recurring', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { amount, ...terms } = parseInput(recurringExpenseRequest, ctx.request.body);
    const recurringId = deps.newId();
    const result = await setRecurringExpense(deps.commands, {
      ...terms,
      amountPoisha: amount,
      recurringId,
      caller,
      now: deps.clock(),
    });
    ctx.body = { insertedId: recurringId, position: result.position };
  });

  router.post('/expenses/recurring/:id/stop', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { id } = parseInput(idPath, ctx.params, 'path');
    const result = await stopRecurringExpense(deps.commands, { recurringId: id, caller, now: deps.clock() });
    ctx.body = { modifiedCount: result.events.length, position: result.position };
  });

  router.post('/expenses/:id/reverse', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { id } = parseInput(idPath, ctx.params, 'path');
    const { reason } = parseInput(reverseExpenseRequest, ctx.request.body);
    const result = await reverseExpense(deps.commands, { expenseId: id, reason, caller, now: deps.clock() });
    ctx.body = { modifiedCount: result.events.length, position: result.position };
  });

  return router;
}
