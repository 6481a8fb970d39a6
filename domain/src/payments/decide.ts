import type { EventData, Month } from '@building/events/catalogue';
import { refuse } from '@building/events/domain-error';
import { paymentDiscountPoisha } from '@building/events/account/card-credit';
import { assertMonthOfLease, assertWithinPayAhead } from '@building/events/rent-ledger/lease-months';
import { itemsMetadata, type IntentFacts, type RefundFacts } from './intent-facts.ts';
import { issueRentReminder, type RentReminderRequest } from './issue-rent-reminder.ts';
import { alreadyPaid } from './already-paid.ts';
import { activeLeaseOf, leaseTermsOf, type LeaseTerms } from './lease-terms.ts';
import { paysWhatIsOwed, quoteMonthTotal, rentAlone } from './month-quote.ts';
import type { PaymentContext } from './payment-context.ts';
import {
  evolvePayment,
  owedAgainPoisha,
  wasRefunded,
  type PaymentEvent,
  type PaymentState,
} from './payment.ts';
import { poishaToTaka, priceRent, takaToPoisha } from './pricing.ts';
import { couponIdFor } from '../coupon/coupon-id.ts';
import { couponRefusal } from '../coupon/decide.ts';

/** A member asks to pay one month's rent of one apartment, perhaps with a coupon code. */
export interface RentPaymentRequest {
  email: string;
  si: number;
  month: Month;
  year: number;
  code?: string | undefined;
}

/** The price the server sets for a request, and the lease it is for. */
export type RentQuote = Omit<EventData<'RentPaymentStarted'>, 'paymentIntentId'> & { lease: LeaseTerms };

export type PaymentCommand =
  /** The provider opened `paymentIntentId` for `amountPoisha` after a quote: record it if the rules still hold. */
  | {
      type: 'StartRentPayment';
      data: { request: RentPaymentRequest; paymentIntentId: string; amountPoisha: number; now: Date };
    }
  | { type: 'RecordRentPaid'; data: { intent: IntentFacts; paidAt: Date } }
  | { type: 'RecordRentPaymentFailed'; data: { intent: IntentFacts } }
  /** The provider refunded a second charge (see secondChargeOf): record it once. */
  | { type: 'RecordRentRefunded'; data: { intent: IntentFacts; refund: RefundFacts; refundedAt: Date } }
  /** The provider reports the refunds of an intent's charge (charge.refunded): record each new one of the paying charge. */
  | {
      type: 'RecordProviderRefunds';
      data: { intent: IntentFacts; refunds: readonly RefundFacts[]; refundedAt: Date };
    }
  /** The reminder scheduler found the month unpaid at `issuedAt`. */
  | { type: 'IssueRentReminder'; data: RentReminderRequest };

/** The answer to a second charge: the month was paid by another intent, this one's money went back. */
export const secondChargeRefunded = (refund: EventData<'RentRefunded'>) =>
  refuse(
    'second-charge-refunded',
    `the rent of apartment ${refund.si} for ${refund.month} ${refund.year} was already paid: this charge of ${formatPoisha(refund.amountPoisha)} taka was refunded`,
    { facts: { refundId: refund.refundId, refundedPoisha: refund.amountPoisha } },
  );

const formatPoisha = (poisha: number) => poishaToTaka(poisha).toFixed(2);

/**
 * The rent rules: only the member's own active lease is paid; only an available coupon applies, on
 * or before its last day and while fewer completed payments used it than its limit; a month is
 * paid once, but what a refund at the provider gave back is owed again (no coupon applies to it:
 * the month's payment had its discount); the server prices it in integer poisha (a client's price
 * is never read). A month that owes more than its rent (charges, a late fee) or was paid in part at
 * the desk is priced whole and itemised (month-quote.ts).
 */
export function quoteRentPayment(request: RentPaymentRequest, context: PaymentContext, now: Date): RentQuote {
  const { si, month, year, code } = request;
  const lease = activeLeaseOf(context.agreement, request.email);
  if (!lease) throw refuse('no-active-lease', `you have no active lease of apartment ${si}`);
  assertMonthOfLease({ si, startedAt: lease.acceptedAt, endedAt: null }, request, 'a rent payment');
  assertWithinPayAhead(request, now, 'a rent payment');
  const { couponCode, discount } = code
    ? applicableCoupon(context, code, now)
    : { couponCode: null, discount: 0 };
  if (!rentAlone(context)) {
    const priced = quoteMonthTotal(request, context, takaToPoisha(lease.rent), { couponCode, discount });
    return { si, month, year, email: lease.userEmail, ...priced, lease };
  }
  if (context.payment.paid) return dueAgainQuote(request, context.payment, lease, couponCode);
  const price = priceRent(takaToPoisha(lease.rent), discount);
  if (price.amountPoisha === 0)
    throw refuse('nothing-to-pay', `the coupon '${couponCode}' leaves nothing to pay`);
  const { rentPoisha, amountPoisha } = price;
  return { si, month, year, email: lease.userEmail, rentPoisha, discount, couponCode, amountPoisha, lease };
}

/** The part of a paid month that refunds made at the provider gave back, quoted as it stands. */
function dueAgainQuote(
  { si, month, year }: RentPaymentRequest,
  payment: PaymentState,
  lease: LeaseTerms,
  couponCode: string | null,
): RentQuote {
  const owed = owedAgainPoisha(payment);
  if (owed === 0) throw alreadyPaid(payment.paid!);
  if (couponCode)
    throw refuse(
      'coupon-unavailable',
      `the coupon '${couponCode}' does not apply to the part of ${month} ${year} that was refunded: the month's payment had its discount`,
    );
  const email = lease.userEmail;
  return {
    si,
    month,
    year,
    email,
    rentPoisha: owed,
    discount: 0,
    couponCode: null,
    amountPoisha: owed,
    lease,
  };
}

/** Only an applicable coupon applies: an unknown code names the field, any other says why not. */
function applicableCoupon({ coupon }: PaymentContext, code: string, now: Date) {
  if (coupon.status !== 'added') {
    throw refuse('unknown-coupon-code', `no coupon with the code '${code}'`, {
      fields: [{ field: 'code', message: `unknown coupon '${code}'` }],
    });
  }
  const refusal = couponRefusal(coupon, now);
  if (refusal) throw refusal;
  return { couponCode: coupon.code, discount: coupon.discount };
}

/** Provider statuses in which the browser can still pay an intent: such an intent is handed out again. */
const stillPayable = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/**
 * What becomes of the intent already opened for the same terms: handed back while payable, recorded
 * (then the month is paid) once it succeeded, replaced when it can no longer be paid.
 */
export function reuseOfOpenIntent(status: string): 'hand-back' | 'record-as-paid' | 'replace' {
  if (stillPayable.has(status)) return 'hand-back';
  if (status === 'processing')
    throw refuse('payment-in-progress', 'a payment for this month is being processed');
  return status === 'succeeded' ? 'record-as-paid' : 'replace';
}

/**
 * Pure decisions on one payment stream. Recording is idempotent: the same success or decline
 * reported twice (the client's POST /payment and the provider's webhook) decides nothing the second time.
 */
export function decidePayment(command: PaymentCommand, context: PaymentContext): PaymentEvent[] {
  switch (command.type) {
    case 'StartRentPayment':
      return startRentPayment(command.data, context);
    case 'RecordRentPaid':
      return recordRentPaid(command.data, context);
    case 'RecordRentPaymentFailed':
      return recordRentPaymentFailed(command.data.intent, context);
    case 'RecordRentRefunded':
      return recordRentRefunded(command.data, context);
    case 'RecordProviderRefunds':
      return recordProviderRefunds(command.data, context.payment);
    case 'IssueRentReminder':
      return issueRentReminder(command.data, context);
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
}

/** The rules are checked again on the state the event is appended at: a coupon disabled meanwhile refuses. */
function startRentPayment(
  {
    request,
    paymentIntentId,
    amountPoisha,
    now,
  }: Extract<PaymentCommand, { type: 'StartRentPayment' }>['data'],
  context: PaymentContext,
): PaymentEvent[] {
  if (context.payment.started.some((s) => s.paymentIntentId === paymentIntentId)) return [];
  const { lease: _lease, ...quote } = quoteRentPayment(request, context, now);
  if (quote.amountPoisha !== amountPoisha)
    throw refuse('payment-terms-mismatch', `payment ${paymentIntentId} is not for the quoted amount`);
  return [{ type: 'RentPaymentStarted', data: { paymentIntentId, ...quote } }];
}

function startedFor(intent: IntentFacts, state: PaymentState): EventData<'RentPaymentStarted'> {
  const started = state.started.find((s) => s.paymentIntentId === intent.id);
  if (!started)
    throw refuse('payment-not-started', `payment ${intent.id} was not started for this apartment and month`);
  return started;
}

function recordRentPaid(
  { intent, paidAt }: { intent: IntentFacts; paidAt: Date },
  context: PaymentContext,
): PaymentEvent[] {
  const { payment, agreement } = context;
  if (payment.paidBy.includes(intent.id)) return [];
  // Its success paid the month once; refunded at the provider since, it does not pay it again.
  if (wasRefunded(payment, intent.id, 'provider-refund')) return [];
  if (!paysMonth(intent, context))
    throw alreadyPaid(payment.paid ?? payment.started.find((s) => s.paymentIntentId === intent.id)!);
  const started = startedFor(intent, payment);
  if (intent.status !== 'succeeded')
    throw refuse('payment-in-progress', `payment ${intent.id} has not succeeded (${intent.status})`);
  if (!matchesStarted(intent, started))
    throw refuse(
      'payment-terms-mismatch',
      `payment ${intent.id} does not match the rent payment that was started`,
    );
  const lease = leaseTermsOf(agreement, started.email);
  if (!lease || lease.si !== started.si)
    throw refuse('payment-terms-mismatch', `apartment ${started.si} was never leased to ${started.email}`);
  const { si, apartment, block, floor, room, rent } = lease;
  return [
    {
      type: 'RentPaid',
      data: {
        ...{ si, apartment, block, floor, room, rent },
        paymentIntentId: intent.id,
        transactionId: intent.id,
        month: started.month,
        year: started.year,
        email: started.email,
        name: lease.userName,
        rentPoisha: started.rentPoisha,
        discount: started.discount,
        couponCode: started.couponCode,
        amountPoisha: started.amountPoisha,
        ...(started.items ? { items: started.items } : {}),
        paidAt: paidAt.toISOString(),
      },
    },
    // A completed payment is what uses a coupon up (an intent started and never paid does not).
    ...(started.couponCode === null
      ? []
      : [
          {
            type: 'CouponRedeemed' as const,
            data: {
              couponId: couponIdFor(started.couponCode),
              si,
              month: started.month,
              year: started.year,
              paymentIntentId: intent.id,
            },
          },
        ]),
  ];
}

/**
 * Whether the intent pays what the month still owes (month-quote.ts): an intent started for more
 * (the month was paid meanwhile, by another intent or at the desk) is a second charge. Without its
 * start or lease, only an unpaid month takes it (and recording it is refused on those grounds).
 */
function paysMonth(intent: IntentFacts, context: PaymentContext): boolean {
  const started = context.payment.started.find((s) => s.paymentIntentId === intent.id);
  const lease = started && leaseTermsOf(context.agreement, started.email);
  if (!started || !lease || lease.si !== started.si) return !context.payment.paid;
  return paysWhatIsOwed(started, context, takaToPoisha(lease.rent));
}

/** The provider's intent says what was started: amount, currency and every metadata field. */
function matchesStarted(intent: IntentFacts, started: EventData<'RentPaymentStarted'>): boolean {
  const m = intent.metadata;
  return (
    intent.amount === started.amountPoisha &&
    intent.currency === 'bdt' &&
    m.email === started.email &&
    m.si === String(started.si) &&
    m.month === started.month &&
    m.year === String(started.year) &&
    (m.coupon ?? null) === started.couponCode &&
    m.amount === String(started.amountPoisha) &&
    (m.items ?? null) === (started.items ? itemsMetadata(started.items) : null)
  );
}

function recordRentPaymentFailed(intent: IntentFacts, context: PaymentContext): PaymentEvent[] {
  const state = context.payment;
  if (!paysMonth(intent, context)) return [];
  const started = startedFor(intent, state);
  const error = intent.lastError;
  if (intent.status !== 'requires_payment_method' || !error)
    throw refuse('payment-in-progress', `payment ${intent.id} has not failed (${intent.status})`);
  const chargeId = error.chargeId ?? undefined;
  const seen = state.failures.some(
    (f) =>
      f.paymentIntentId === intent.id &&
      (chargeId ? f.chargeId === chargeId : f.code === error.code && f.message === error.message),
  );
  if (seen) return [];
  return [
    {
      type: 'RentPaymentFailed',
      data: {
        paymentIntentId: intent.id,
        si: started.si,
        month: started.month,
        year: started.year,
        email: started.email,
        code: error.code.slice(0, 100),
        message: error.message.slice(0, 1000),
        ...(chargeId ? { chargeId } : {}),
      },
    },
  ];
}

/**
 * What a succeeded intent is to a month paid by another intent: a second charge to refund, one
 * already refunded, or nothing of the kind (then it is recorded as RentPaid, or refused as usual).
 * Only an intent started for this month is ours to refund.
 */
export type SecondCharge =
  | { kind: 'none' }
  | { kind: 'refund'; started: EventData<'RentPaymentStarted'> }
  | { kind: 'refunded'; refund: EventData<'RentRefunded'> };

export function secondChargeOf(intent: IntentFacts, context: PaymentContext): SecondCharge {
  const payment = context.payment;
  const refund = payment.refunds.find(
    (r) => r.paymentIntentId === intent.id && r.reason === 'duplicate-charge',
  );
  if (refund) return { kind: 'refunded', refund };
  // Refunded at the provider: it paid the month once, it is no second charge to refund again.
  if (wasRefunded(payment, intent.id, 'provider-refund')) return { kind: 'none' };
  if (intent.status !== 'succeeded' || payment.paidBy.includes(intent.id)) return { kind: 'none' };
  // An intent for no more than the month still owes (the part refunds gave back, an open charge) is no second charge.
  if (paysMonth(intent, context)) return { kind: 'none' };
  const started = payment.started.find((s) => s.paymentIntentId === intent.id);
  return started ? { kind: 'refund', started } : { kind: 'none' };
}

/** A refund is recorded once, and only for a second charge: the month stays paid by the first intent. */
function recordRentRefunded(
  { intent, refund, refundedAt }: Extract<PaymentCommand, { type: 'RecordRentRefunded' }>['data'],
  context: PaymentContext,
): PaymentEvent[] {
  const charge = secondChargeOf(intent, context);
  if (charge.kind === 'refunded') return [];
  if (charge.kind === 'none' || refund.paymentIntentId !== intent.id)
    throw refuse(
      'payment-terms-mismatch',
      `refund ${refund.id} is not of a second charge for a paid month (payment ${intent.id})`,
    );
  const { si, month, year, email } = charge.started;
  return [
    {
      type: 'RentRefunded',
      data: {
        ...{ paymentIntentId: intent.id, refundId: refund.id, si, month, year, email },
        amountPoisha: refund.amount,
        reason: 'duplicate-charge',
        refundedAt: refundedAt.toISOString(),
      },
    },
  ];
}

/**
 * Refunds made at the provider (full or partial, e.g. from Stripe's dashboard) of a charge that
 * pays the month, each recorded once (by refund id): what they give back is due again, and given
 * back in full the month is unpaid (payment.ts). A second charge's refund is recordRentRefunded's;
 * a refund of an intent that paid nothing is no rent of ours.
 */
function recordProviderRefunds(
  { intent, refunds, refundedAt }: Extract<PaymentCommand, { type: 'RecordProviderRefunds' }>['data'],
  payment: PaymentState,
): PaymentEvent[] {
  const events: PaymentEvent[] = [];
  let state = payment;
  for (const refund of refunds) {
    const paid = state.paid;
    if (refund.paymentIntentId !== intent.id || !paid || !state.paidBy.includes(intent.id)) continue;
    if (state.refunds.some((r) => r.refundId === refund.id)) continue;
    const coveredPoisha = Math.max(0, state.coveredPoisha - refund.amount);
    // Given back in full, the month is priced anew: the coupon's discount is owed again too.
    const discountPoisha = coveredPoisha === 0 ? paymentDiscountPoisha(paid) : 0;
    const event: PaymentEvent = {
      type: 'RentRefunded',
      data: {
        ...{
          paymentIntentId: intent.id,
          refundId: refund.id,
          si: paid.si,
          month: paid.month,
          year: paid.year,
        },
        email: paid.email,
        amountPoisha: refund.amount,
        reason: 'provider-refund',
        coveredPoisha,
        ...(discountPoisha > 0 ? { discountPoisha } : {}),
        refundedAt: refundedAt.toISOString(),
      },
    };
    events.push(event);
    state = evolvePayment(state, event);
  }
  return events;
}
