import type { DomainEvent, EventData } from '@building/events/catalogue';
import type { Aggregate } from '../command-handling/aggregate.ts';

/**
 * The payment stream of one apartment and month (payment-<si>-<year>-<month>): the intents started
 * for it, the declines, at most one RentPaid, the refunds of second charges, and at most one
 * reminder of each kind.
 */
export type PaymentEvent = Extract<
  DomainEvent,
  {
    type: 'RentPaymentStarted' | 'RentPaid' | 'RentPaymentFailed' | 'RentRefunded' | 'RentReminderIssued';
  }
>;

export interface PaymentState {
  started: EventData<'RentPaymentStarted'>[];
  failures: EventData<'RentPaymentFailed'>[];
  /** The payment that covers the month; null again once refunds gave all of it back. */
  paid: EventData<'RentPaid'> | null;
  /** Of `paid`, the poisha refunded at the provider so far (a partial refund leaves it paid). */
  paidRefundedPoisha: number;
  /** Every refund recorded: second charges, and refunds made at the provider. */
  refunds: EventData<'RentRefunded'>[];
  /** The reminder of each kind issued for the month, if any. */
  reminders: Partial<Record<EventData<'RentReminderIssued'>['kind'], EventData<'RentReminderIssued'>>>;
}

export const initialPaymentState = (): PaymentState => ({
  started: [],
  failures: [],
  paid: null,
  paidRefundedPoisha: 0,
  refunds: [],
  reminders: {},
});

export function evolvePayment(state: PaymentState, event: DomainEvent): PaymentState {
  switch (event.type) {
    case 'RentPaymentStarted':
      return { ...state, started: [...state.started, event.data] };
    case 'RentPaymentFailed':
      return { ...state, failures: [...state.failures, event.data] };
    case 'RentPaid':
      return state.paid ? state : { ...state, paid: event.data, paidRefundedPoisha: 0 };
    case 'RentRefunded': {
      const refunds = [...state.refunds, event.data];
      const ofPaid =
        event.data.reason === 'provider-refund' && state.paid?.paymentIntentId === event.data.paymentIntentId;
      if (!ofPaid) return { ...state, refunds };
      const refunded = state.paidRefundedPoisha + event.data.amountPoisha;
      // Given back in full: the month is unpaid again (a new payment may cover it).
      return refunded >= state.paid!.amountPoisha
        ? { ...state, refunds, paid: null, paidRefundedPoisha: 0 }
        : { ...state, refunds, paidRefundedPoisha: refunded };
    }
    case 'RentReminderIssued':
      return state.reminders[event.data.kind]
        ? state
        : { ...state, reminders: { ...state.reminders, [event.data.kind]: event.data } };
    default:
      return state;
  }
}

export const paymentAggregate: Aggregate<PaymentState> = {
  initialState: initialPaymentState,
  evolve: evolvePayment,
};

/**
 * The latest intent this member started with exactly this coupon and amount: reused rather than
 * duplicated. Never one with money refunded: its success paid a month once, and must not again.
 */
export function startedWith(
  state: PaymentState,
  terms: { email: string; couponCode: string | null; amountPoisha: number },
): EventData<'RentPaymentStarted'> | undefined {
  return state.started.findLast(
    (s) =>
      s.email === terms.email &&
      s.couponCode === terms.couponCode &&
      s.amountPoisha === terms.amountPoisha &&
      !wasRefunded(state, s.paymentIntentId),
  );
}

/** Whether any money of this intent's charge went back (`reason`: in that way only). */
export const wasRefunded = (
  state: PaymentState,
  paymentIntentId: string,
  reason?: EventData<'RentRefunded'>['reason'],
) => state.refunds.some((r) => r.paymentIntentId === paymentIntentId && (!reason || r.reason === reason));
