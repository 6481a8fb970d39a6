import Router from '@koa/router';
import { z } from 'zod';
import { monthSchema } from '@building/events/catalogue';
import { DomainError, refuse } from '@building/events/domain-error';
import { parseInput } from '@building/events/parse-input';
import { safeText } from '@building/infra/http/safe-text';
import type { AppDeps } from '../command-deps.ts';
import type { Caller } from '@building/domain/command-handling/caller';
import { secondChargeRefunded } from '@building/domain/payments/decide';
import { readRentMetadata } from '@building/domain/payments/intent-facts';
import { currentCaller } from '../http/current-caller.ts';
import { siField, textField } from '../http/fields.ts';
import { jsonBody } from '../http/json-body.ts';
import { rawBody } from '../http/raw-body.ts';
import { createPaymentProvider } from '../payment-provider/stripe-payment-provider.ts';
import { findRentPaid } from './find-rent-paid.ts';
import type { PaymentDeps } from './payment-deps.ts';
import type { WebhookNotice } from './payment-provider.ts';
import { recordIntentOutcome, recordProviderRefunds } from './record-payment.ts';
import { renderOfflineReceipt, renderReceipt } from '@building/infra/receipts/receipt-pdf';
import { findOfflinePayment } from '../account/find-offline-payment.ts';
import { startRentPayment } from './start-rent-payment.ts';
import { readDepositMetadata } from '@building/domain/account/deposit-intent';
import { answerDepositPayment, recordDepositIntent } from '../deposits/deposit-card-payment.ts';
import { readerLanguage } from '@building/domain/user/reader-language';

/** A client-sent `price` (the spec's old field) is not read: the server prices the rent. */
const intentBody = z.object({
  si: siField,
  month: monthSchema,
  year: z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{4}$/, 'expected a year')
        .transform(Number),
    ])
    .pipe(z.number().int().min(2000).max(2100)),
  code: textField(0, 40)
    .optional()
    .transform((code) => code || undefined),
});
/**
 * The intent to record, as `paymentIntentId` or as the spec's `TransactionId` (the intent's id). The
 * spec's other record fields (email, price, time...) are ignored: the provider's intent is the truth.
 */
const intentId = safeText.trim().min(1).max(255);
const paymentBody = z
  .object({ paymentIntentId: intentId.optional(), TransactionId: intentId.optional() })
  .transform((body) => ({ paymentIntentId: body.paymentIntentId ?? body.TransactionId }))
  .pipe(z.object({ paymentIntentId: intentId }));
const receiptPath = z.object({ transactionId: safeText.min(1).max(255) });

const noPayment = (id: string) => refuse('payment-not-found', `no rent payment ${id}`);
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const ownerOrAdmin = (caller: Caller, email: string) => caller.role === 'admin' || same(caller.email, email);

/**
 * Rent payments: server-side pricing (POST /create-payment-intent), recording exactly once from
 * the client (POST /payment) or the provider's signed webhook (POST /webhooks/stripe), receipts.
 * The webhook reads its raw body itself, so mount these routes before any global body parser.
 */
export function paymentRoutes(deps: AppDeps): Router {
  const router = new Router();
  // Without a configured provider every payment route answers 503, saying what to configure.
  const provider = deps.payments ?? createPaymentProvider({});
  const log = (line: string) => (deps.log ?? console.warn)(line);
  const payments: PaymentDeps = { commands: deps.commands, provider, log };

  router.post('/create-payment-intent', jsonBody(), async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const request = parseInput(intentBody, ctx.request.body);
    ctx.body = await startRentPayment(
      payments,
      { ...request, email: caller.email },
      { caller, now: deps.clock() },
    );
  });

  router.post('/payment', jsonBody(), async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { paymentIntentId } = parseInput(paymentBody, ctx.request.body);
    const intent = await provider.retrieveIntent(paymentIntentId);
    if (intent && readDepositMetadata(intent.metadata)) {
      ctx.body = await answerDepositPayment(payments, intent, { caller, now: deps.clock() });
      return;
    }
    const rent = intent && readRentMetadata(intent.metadata);
    if (!intent || !rent) throw noPayment(paymentIntentId);
    if (!ownerOrAdmin(caller, rent.email)) throw refuse('not-your-payment', 'this payment is not yours');
    const outcome = await recordIntentOutcome(payments, intent, { by: caller, now: deps.clock() });
    switch (outcome.kind) {
      case 'paid':
        ctx.body = { insertedId: outcome.eventId, position: outcome.position, TransactionId: intent.id };
        return;
      case 'refunded':
        throw secondChargeRefunded(outcome.refund);
      case 'failed':
        throw refuse('payment-declined', outcome.message, {
          facts: { code: outcome.code, position: outcome.position },
        });
      case 'pending':
        throw refuse('payment-in-progress', `the payment is not complete yet (${outcome.status})`);
      case 'not-rent':
        throw noPayment(paymentIntentId);
    }
  });

  router.post('/webhooks/stripe', async (ctx) => {
    const notice = provider.webhookNotice(await rawBody(ctx), ctx.get('stripe-signature') || undefined);
    if (notice.kind === 'ignored') {
      ctx.body = { received: true, recorded: 'ignored' };
      return;
    }
    try {
      const outcome = await recordNotice(notice);
      ctx.body = { received: true, recorded: outcome.kind };
    } catch (error) {
      // A notice we refuse to record (e.g. a second success for a paid month) is acknowledged all
      // the same: the provider would only resend it. Other failures stay 5xx, so it does resend those.
      if (!(error instanceof DomainError)) throw error;
      log(`webhook ${notice.eventId} not recorded: ${error.message}`);
      ctx.body = { received: true, recorded: 'refused', reason: error.message };
    }
  });

  /**
   * A refund notice names the intent's charge: the intent itself is read back from the provider.
   * The intent's own outcome first (a second charge is refunded and recorded as such); when it is
   * the charge that paid the month, the refunds made at the provider are recorded too.
   */
  async function recordNotice(notice: Exclude<WebhookNotice, { kind: 'ignored' }>) {
    const meta = { by: 'system' as const, now: deps.clock() };
    if (notice.kind !== 'refunded' && readDepositMetadata(notice.intent.metadata))
      return recordDepositIntent(payments, notice.intent, meta);
    if (notice.kind !== 'refunded') return recordIntentOutcome(payments, notice.intent, meta);
    const intent = await provider.retrieveIntent(notice.paymentIntentId);
    if (!intent) return { kind: 'not-rent' } as const;
    const outcome = await recordIntentOutcome(payments, intent, meta, notice.refund);
    return outcome.kind === 'paid' ? recordProviderRefunds(payments, intent, meta) : outcome;
  }

  router.get('/payments/:transactionId/receipt', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { transactionId } = parseInput(receiptPath, ctx.params, 'path');
    // A card payment's transaction id, or an offline payment's id: one receipt route for both.
    const paid = await findRentPaid(deps.store, transactionId);
    const offline = paid ? null : await findOfflinePayment(deps.store, transactionId);
    const email = paid?.email ?? offline?.recorded.email;
    if (!email) throw refuse('payment-not-found', `no payment with transaction id ${transactionId}`);
    if (!ownerOrAdmin(caller, email)) throw refuse('not-your-payment', 'this receipt is not yours');
    // In the language the reader (the caller) saved with their profile.
    const language = await readerLanguage(deps.commands, caller.email);
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="receipt-${transactionId.replace(/[^\w-]/g, '')}.pdf"`);
    ctx.body = paid
      ? await renderReceipt(paid, language)
      : await renderOfflineReceipt(offline!.recorded, offline!.reversed, language);
  });

  return router;
}
