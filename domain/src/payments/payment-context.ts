import type { DomainEvent, Month } from '@building/events/catalogue';
import { streams } from '@building/events/streams';
import { agreementAggregate, type AgreementState } from '../agreement/agreement.ts';
import type { Aggregate, Loaded } from '../command-handling/aggregate.ts';
import type { CommandContext } from '../command-handling/command-context.ts';
import { loadAggregate } from '../command-handling/load-aggregate.ts';
import { couponAggregate, type CouponState } from '../coupon/coupon.ts';
import { couponIdFor } from '../coupon/coupon-id.ts';
import { monthAccountAggregate, type MonthAccountState } from '../account/month-account.ts';
import { paymentAggregate, type PaymentState } from './payment.ts';

/**
 * What a payment decision reads: the month's payment stream (its card payments, and its account:
 * charges, late fee, offline payments), the apartment's agreement stream (the lease) and the named
 * coupon's stream. One fold builds it all.
 */
export interface PaymentContext {
  payment: PaymentState;
  month: MonthAccountState;
  agreement: AgreementState;
  coupon: CouponState;
}

export const paymentContextAggregate: Aggregate<PaymentContext> = {
  initialState: () => ({
    payment: paymentAggregate.initialState(),
    month: monthAccountAggregate.initialState(),
    agreement: agreementAggregate.initialState(),
    coupon: couponAggregate.initialState(),
  }),
  evolve: (state: PaymentContext, event: DomainEvent): PaymentContext => ({
    payment: paymentAggregate.evolve(state.payment, event),
    month: monthAccountAggregate.evolve(state.month, event),
    agreement: agreementAggregate.evolve(state.agreement, event),
    coupon: couponAggregate.evolve(state.coupon, event),
  }),
};

export interface PaymentPeriod {
  si: number;
  month: Month;
  year: number;
  code?: string | undefined;
}

/** The month's payment stream folded once into both its card state and its account. */
const paymentStreamAggregate: Aggregate<{ payment: PaymentState; month: MonthAccountState }> = {
  initialState: () => ({
    payment: paymentAggregate.initialState(),
    month: monthAccountAggregate.initialState(),
  }),
  evolve: (state, event) => ({
    payment: paymentAggregate.evolve(state.payment, event),
    month: monthAccountAggregate.evolve(state.month, event),
  }),
};

/**
 * Reads the three streams (the coupon's only when a code is named); the handler appends at their
 * versions. The payment stream is read once, so its card state and its account are of one moment
 * (read apart, a payment recorded in between counted in the account, not the card state, and its
 * own intent looked like a second charge).
 */
export async function loadPaymentContext(context: CommandContext, period: PaymentPeriod) {
  const { si, year, month, code } = period;
  const [stream, agreement, coupon] = await Promise.all([
    loadAggregate(context, streams.payment(si, year, month), paymentStreamAggregate),
    loadAggregate(context, streams.agreement(si), agreementAggregate),
    code ? loadAggregate(context, streams.coupon(couponIdFor(code)), couponAggregate) : null,
  ]);
  const payment: Loaded<PaymentState> = { ...stream, state: stream.state.payment };
  return { payment, agreement, coupon, account: stream.state.month };
}

export type LoadedPaymentContext = Awaited<ReturnType<typeof loadPaymentContext>>;

export const contextOf = (loaded: LoadedPaymentContext): PaymentContext => ({
  payment: loaded.payment.state,
  month: loaded.account,
  agreement: loaded.agreement.state,
  coupon: loaded.coupon?.state ?? couponAggregate.initialState(),
});
