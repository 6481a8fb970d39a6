import { createHash } from 'node:crypto';
import type { PaidItem } from '@building/events/catalogue';
import { DomainError } from '@building/events/domain-error';
import { streams } from '@building/events/streams';
import type { Caller } from '@building/domain/command-handling/caller';
import { alreadyPaid } from '@building/domain/payments/already-paid';
import { quoteRent, startRentPayment as recordStart } from '@building/domain/payments/commands';
import { reuseOfOpenIntent, type RentPaymentRequest } from '@building/domain/payments/decide';
import { rentMetadata, type IntentFacts } from '@building/domain/payments/intent-facts';
import { startedWith } from '@building/domain/payments/payment';
import { poishaToTaka } from '@building/domain/payments/pricing';
import type { PaymentDeps } from './payment-deps.ts';
import { recordIntentOutcome } from './record-payment.ts';

/**
 * The spec's `ClientSecret`, plus what the payment screen shows: rent and payable in taka, amount in
 * poisha, and what the amount pays, item by item (the rent alone: one item).
 */
export interface RentPaymentAnswer {
  ClientSecret: string;
  paymentIntentId: string;
  rent: number;
  discount: number;
  payable: number;
  amount: number;
  items: Array<PaidItem & { amount: number }>;
  position: number;
}

/**
 * I/O only, the rules are the decider's: load the lease, coupon and month, quote, hand back the
 * intent already open for the same terms or have the provider open one, then append the start.
 */
export async function startRentPayment(
  deps: PaymentDeps,
  request: RentPaymentRequest,
  by: { caller: Caller; now: Date },
): Promise<RentPaymentAnswer> {
  const { si, month, year } = request;
  const { loaded, quote: quoted } = await quoteRent(deps.commands, request, by.now);
  const { lease, ...quote } = quoted;
  const paidFor: PaidItem[] = quote.items ?? [
    { kind: 'rent', description: '', amountPoisha: quote.amountPoisha },
  ];
  const answer = (intent: IntentFacts, position: number): RentPaymentAnswer => ({
    ClientSecret: intent.clientSecret ?? '',
    paymentIntentId: intent.id,
    rent: poishaToTaka(quote.rentPoisha),
    discount: quote.discount,
    payable: poishaToTaka(quote.amountPoisha),
    amount: quote.amountPoisha,
    items: paidFor.map((i) => ({ ...i, amount: poishaToTaka(i.amountPoisha) })),
    position,
  });

  const previous = startedWith(loaded.payment.state, quote);
  const open = previous && (await deps.provider.retrieveIntent(previous.paymentIntentId));
  if (open) {
    const reuse = reuseOfOpenIntent(open.status);
    if (reuse === 'hand-back') return answer(open, loaded.payment.position);
    if (reuse === 'record-as-paid') {
      // Its webhook and POST /payment were both lost: record it now, and the month is paid.
      await recordIntentOutcome(deps, open, { by: by.caller, now: by.now });
      throw alreadyPaid(quote);
    }
  }

  const terms = {
    email: quote.email,
    couponCode: quote.couponCode,
    amountPoisha: quote.amountPoisha,
    items: quote.items,
  };
  const intent = await deps.provider.createIntent({
    amountPoisha: quote.amountPoisha,
    metadata: rentMetadata({
      email: quote.email,
      si,
      month,
      year,
      coupon: quote.couponCode,
      amount: quote.amountPoisha,
      items: quote.items,
    }),
    description: `${quote.items ? 'Rent and charges' : 'Rent'} of apartment ${lease.apartment} (block ${lease.block}), ${month} ${year}`,
    // The same member, apartment, period and terms at the same stream version get the same intent,
    // even from two requests racing past the quote above.
    idempotencyKey: `rent-${createHash('sha256')
      .update(JSON.stringify([streams.payment(si, year, month), loaded.payment.version, terms]))
      .digest('hex')}`,
  });
  let position: number;
  try {
    ({ position } = await recordStart(deps.commands, {
      request,
      paymentIntentId: intent.id,
      amountPoisha: intent.amount,
      ...by,
    }));
  } catch (error) {
    // Refused on fresh state (e.g. the coupon was disabled meanwhile): the intent must not stay payable.
    if (error instanceof DomainError) await cancelIntents(deps, [intent.id]);
    throw error;
  }
  // Only one open intent per member and month: the older ones (other coupon) can no longer be charged.
  await cancelIntents(
    deps,
    loaded.payment.state.started
      .filter((s) => s.email === quote.email && s.paymentIntentId !== intent.id)
      .map((s) => s.paymentIntentId),
  );
  return answer(intent, position);
}

async function cancelIntents(deps: PaymentDeps, ids: string[]) {
  for (const id of new Set(ids)) {
    try {
      await deps.provider.cancelIntent(id);
    } catch (error) {
      deps.log?.(`could not cancel payment intent ${id}: ${(error as Error).message}`);
    }
  }
}
