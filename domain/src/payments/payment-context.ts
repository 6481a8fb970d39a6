import type { DomainEvent, Month } from '@building/events/catalogue';
import { streams } from '@building/events/streams';
import { agreementAggregate, type AgreementState } from '../agreement/agreement.ts';
import type { Aggregate } from '../command-handling/aggregate.ts';
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

/**
 * Reads the three streams (the coupon's only when a code is named); the handler appends at their
 * versions (the payment stream at the version its card state was read at: a newer account read
 * beside it only makes the append lose the race and decide again).
 */
export async function loadPaymentContext(context: CommandContext, period: PaymentPeriod) {
  const { si, year, month, code } = period;
  const stream = streams.payment(si, year, month);
  const [payment, agreement, coupon] = await Promise.all([
    loadAggregate(context, stream, paymentAggregate),
    loadAggregate(context, streams.agreement(si), agreementAggregate),
    code ? loadAggregate(context, streams.coupon(couponIdFor(code)), couponAggregate) : null,
  ]);
  const account = await loadAggregate(context, stream, monthAccountAggregate);
  return { payment, agreement, coupon, account };
}

export type LoadedPaymentContext = Awaited<ReturnType<typeof loadPaymentContext>>;

export const contextOf = (loaded: LoadedPaymentContext): PaymentContext => ({
  payment: loaded.payment.state,
  month: loaded.account.state,
  agreement: loaded.agreement.state,
  coupon: loaded.coupon?.state ?? couponAggregate.initialState(),
});
