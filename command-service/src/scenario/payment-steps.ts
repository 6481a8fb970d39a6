import { streams } from '@building/events/streams';
import type { AgreementState } from '../agreement/agreement.ts';
import type { CouponState } from '../coupon/coupon.ts';
import { couponAggregate } from '../coupon/coupon.ts';
import { couponIdFor } from '../coupon/coupon-id.ts';
import {
  decidePayment,
  quoteRentPayment,
  type PaymentCommand,
  type RentPaymentRequest,
} from '../payments/decide.ts';
import { rentMetadata, type IntentFacts } from '../payments/intent-facts.ts';
import type { RentReminderRequest } from '../payments/issue-rent-reminder.ts';
import type { PaymentContext } from '../payments/payment-context.ts';
import type { PaymentState } from '../payments/payment.ts';
import { callerOf, decided, type Decision, type DecidingLog } from './decision.ts';

// A rent payment as the provider and the payment routes drive it: an intent is opened for the quoted
// amount, then the provider reports it succeeded, declined, or (a second charge) refunded.

/** The month's payment stream, the apartment's lease and the named coupon, as a payment decision reads them. */
function paymentContext(
  log: DecidingLog,
  period: { si: number; year: number; month: string },
  code?: string | null,
): PaymentContext {
  return {
    payment: log.state<PaymentState>(streams.payment(period.si, period.year, period.month)),
    agreement: log.state<AgreementState>(streams.agreement(period.si)),
    coupon: code ? log.state<CouponState>(streams.coupon(couponIdFor(code))) : couponAggregate.initialState(),
  };
}

/** An intent the provider opened for a rent payment, and its terms. */
export interface OpenIntent {
  request: RentPaymentRequest;
  intent: IntentFacts;
}

/**
 * The member opens a payment: priced by the decider's own quote (refused as the member would be:
 * no active lease, month paid, coupon unavailable), recorded with the provider's intent id.
 */
export function startRentPayment(
  log: DecidingLog,
  request: RentPaymentRequest,
  paymentIntentId: string,
): Decision & OpenIntent {
  const context = paymentContext(log, request, request.code);
  const { amountPoisha, couponCode } = quoteRentPayment(request, context);
  const command: PaymentCommand = {
    type: 'StartRentPayment',
    data: { request, paymentIntentId, amountPoisha },
  };
  const intent: IntentFacts = {
    id: paymentIntentId,
    status: 'requires_payment_method',
    amount: amountPoisha,
    currency: 'bdt',
    clientSecret: null,
    metadata: rentMetadata({ ...request, coupon: couponCode, amount: amountPoisha }),
    lastError: null,
  };
  return { ...decided(decidePayment(command, context), callerOf(log, request.email)), request, intent };
}

/** The provider's word on an intent (the webhook): recorded by the system. */
const recorded = (log: DecidingLog, open: OpenIntent, command: PaymentCommand): Decision =>
  decided(decidePayment(command, paymentContext(log, open.request, open.request.code)), 'system');

export const recordRentPaid = (log: DecidingLog, open: OpenIntent): Decision =>
  recorded(log, open, {
    type: 'RecordRentPaid',
    data: { intent: { ...open.intent, status: 'succeeded' }, paidAt: log.now() },
  });

export const recordRentPaymentFailed = (
  log: DecidingLog,
  open: OpenIntent,
  decline: { code: string; message: string; chargeId: string | null },
): Decision =>
  recorded(log, open, {
    type: 'RecordRentPaymentFailed',
    data: { intent: { ...open.intent, status: 'requires_payment_method', lastError: decline } },
  });

/** A second intent for a month another one paid succeeded too: the provider refunded it. */
export const recordRentRefunded = (log: DecidingLog, open: OpenIntent, refundId: string): Decision =>
  recorded(log, open, {
    type: 'RecordRentRefunded',
    data: {
      intent: { ...open.intent, status: 'succeeded' },
      refund: { id: refundId, paymentIntentId: open.intent.id, amount: open.intent.amount },
      refundedAt: log.now(),
    },
  });

/** The reminder scheduler finds the month unpaid now. */
export const issueRentReminder = (
  log: DecidingLog,
  reminder: Omit<RentReminderRequest, 'issuedAt'>,
): Decision =>
  decided(
    decidePayment(
      { type: 'IssueRentReminder', data: { ...reminder, issuedAt: log.now() } },
      paymentContext(log, reminder),
    ),
    'system',
  );
