import { createHash } from 'node:crypto';
import type { Month } from '@building/events/catalogue';
import type { CommandMetadata } from '@building/events/envelope';
import { streams } from '@building/events/streams';
import { conflict, forbidden } from '@building/infra/http/problem';
import { loadAggregate } from '../command-handling/aggregate.ts';
import type { Caller } from '../command-handling/caller.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { agreementAggregate } from '../agreement/agreement.ts';
import { couponIdFor } from '../coupon/coupon-id.ts';
import { applicableCoupon, couponTermsAggregate } from './coupon-terms.ts';
import { rentMetadata, type IntentFacts } from './intent-facts.ts';
import { activeLeaseOf } from './lease-terms.ts';
import { paymentAggregate, startedWith, type PaymentState } from './payment.ts';
import { alreadyPaid, decidePayment } from './payment-decider.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { poishaToTaka, priceRent, takaToPoisha } from './pricing.ts';
import { recordIntentOutcome } from './record-payment.ts';

export interface RentPaymentRequest {
  si: number;
  month: Month;
  year: number;
  code?: string | undefined;
}

/** The spec's `ClientSecret`, plus what the payment screen shows: rent and payable in taka, amount in poisha. */
export interface RentPaymentAnswer {
  ClientSecret: string;
  paymentIntentId: string;
  rent: number;
  discount: number;
  payable: number;
  amount: number;
  position: number;
}

/** Statuses in which an intent can still be paid by the browser: such an intent is handed out again. */
const payable = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/**
 * Prices a month's rent on the server (the member's own active lease, an available coupon) and
 * opens a PaymentIntent for it, or hands back the one already open for the same terms.
 */
export async function startRentPayment(
  deps: PaymentDeps,
  caller: Caller,
  request: RentPaymentRequest,
  meta: CommandMetadata,
): Promise<RentPaymentAnswer> {
  const { si, month, year } = request;
  const stream = streams.payment(si, year, month);
  const [agreement, coupon, payment] = await Promise.all([
    loadAggregate(deps.store, streams.agreement(si), agreementAggregate),
    request.code
      ? loadAggregate(deps.store, streams.coupon(couponIdFor(request.code)), couponTermsAggregate)
      : null,
    loadAggregate(deps.store, stream, paymentAggregate),
  ]);
  const lease = activeLeaseOf(agreement.state, caller.email);
  if (!lease) throw forbidden(`you have no active lease of apartment ${si}`);
  const { couponCode, discount } =
    coupon && request.code ? applicableCoupon(coupon.state, request.code) : { couponCode: null, discount: 0 };
  if (payment.state.paid) throw alreadyPaid(payment.state.paid);
  const price = priceRent(takaToPoisha(lease.rent), discount);
  if (price.amountPoisha === 0) throw conflict(`the coupon '${couponCode}' leaves nothing to pay`);
  const terms = { email: lease.userEmail, couponCode, amountPoisha: price.amountPoisha };
  const answer = (intent: IntentFacts, position: number): RentPaymentAnswer => ({
    ClientSecret: intent.clientSecret ?? '',
    paymentIntentId: intent.id,
    rent: poishaToTaka(price.rentPoisha),
    discount,
    payable: poishaToTaka(price.amountPoisha),
    amount: price.amountPoisha,
    position,
  });

  const reusable = await openIntentFor(deps, payment.state, terms, meta);
  if (reusable) return answer(reusable, payment.position);

  const metadata = { email: terms.email, si, month, year, coupon: couponCode, amount: price.amountPoisha };
  const intent = await deps.provider.createIntent({
    amountPoisha: price.amountPoisha,
    metadata: rentMetadata(metadata),
    description: `Rent of apartment ${lease.apartment} (block ${lease.block}), ${month} ${year}`,
    // The same member, apartment, period and terms at the same stream version get the same intent,
    // even from two requests racing past the check above.
    idempotencyKey: `rent-${createHash('sha256')
      .update(JSON.stringify([stream, payment.version, terms]))
      .digest('hex')}`,
  });
  const started = {
    paymentIntentId: intent.id,
    si,
    month,
    year,
    ...terms,
    rentPoisha: price.rentPoisha,
    discount,
  };
  const result = await handleCommand(
    deps.store,
    {
      load: async () => ({ payment: await loadAggregate(deps.store, stream, paymentAggregate) }),
      decide: ({ payment }) => decidePayment({ type: 'StartRentPayment', data: started }, payment.state),
    },
    meta,
  );
  await cancelOtherIntents(deps, payment.state, terms.email, intent.id);
  return answer(intent, result.position);
}

/**
 * The intent already opened for these terms, if the browser can still pay it. One that succeeded
 * meanwhile (its webhook and POST /payment both lost) is recorded now, and the month is paid.
 */
async function openIntentFor(
  deps: PaymentDeps,
  state: PaymentState,
  terms: { email: string; couponCode: string | null; amountPoisha: number },
  meta: CommandMetadata,
): Promise<IntentFacts | null> {
  const previous = startedWith(state, terms);
  if (!previous) return null;
  const intent = await deps.provider.retrieveIntent(previous.paymentIntentId);
  if (!intent) return null;
  if (payable.has(intent.status)) return intent;
  if (intent.status === 'processing') throw conflict('a payment for this month is being processed');
  if (intent.status === 'succeeded') {
    await recordIntentOutcome(deps, intent, meta);
    throw alreadyPaid(previous);
  }
  return null;
}

/** Only one open intent per member and month: the older ones (other coupon) can no longer be charged. */
async function cancelOtherIntents(deps: PaymentDeps, state: PaymentState, email: string, keep: string) {
  const others = new Set(
    state.started
      .filter((s) => s.email === email && s.paymentIntentId !== keep)
      .map((s) => s.paymentIntentId),
  );
  for (const id of others) {
    try {
      await deps.provider.cancelIntent(id);
    } catch (error) {
      deps.log?.(`could not cancel payment intent ${id}: ${(error as Error).message}`);
    }
  }
}
