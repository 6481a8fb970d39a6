import type { DomainEvent, EventData } from '@building/events/catalogue';
import type { Aggregate } from '../command-handling/aggregate.ts';

/**
 * The payment stream of one apartment and month (payment-<si>-<year>-<month>): the intents started
 * for it, the declines, the RentPaid that prices the month (and, after a partial refund at the
 * provider, the payments of the part due again), the refunds, and at most one reminder of each kind.
 */
export type PaymentEvent = Extract<
  DomainEvent,
  {
    type:
      | 'RentPaymentStarted'
      | 'RentPaid'
      | 'RentPaymentFailed'
      | 'RentRefunded'
      | 'RentReminderIssued'
      // a coupon's use, on the coupon's own stream, recorded with the RentPaid that used it
      | 'CouponRedeemed';
  }
>;

export interface PaymentState {
  started: EventData<'RentPaymentStarted'>[];
  failures: EventData<'RentPaymentFailed'>[];
  /** The payment that priced the month; null until paid, and again once refunds gave all of it back. */
  paid: EventData<'RentPaid'> | null;
  /**
   * What the month's payments still cover, in poisha: `paid`'s amount, less the refunds made at the
   * provider, plus the payments of a part due again. Below `paid`'s amount, the rest is owed again.
   */
  coveredPoisha: number;
  /** The intents whose RentPaid counts for the month now: `paid`'s, then each payment of a part due again. */
  paidBy: string[];
  /** Every refund recorded: second charges, and refunds made at the provider. */
  refunds: EventData<'RentRefunded'>[];
  /** The reminder of each kind issued for the month, if any. */
  reminders: Partial<Record<EventData<'RentReminderIssued'>['kind'], EventData<'RentReminderIssued'>>>;
}

export const initialPaymentState = (): PaymentState => ({
  started: [],
  failures: [],
  paid: null,
  coveredPoisha: 0,
  paidBy: [],
  refunds: [],
  reminders: {},
});

export function evolvePayment(state: PaymentState, event: DomainEvent): PaymentState {
  switch (event.type) {
    case 'RentPaymentStarted':
      return { ...state, started: [...state.started, event.data] };
    case 'RentPaymentFailed':
      return { ...state, failures: [...state.failures, event.data] };
    case 'RentPaid': {
      const { paymentIntentId, amountPoisha } = event.data;
      if (state.paidBy.includes(paymentIntentId)) return state;
      // The first payment prices the month; a later one pays (part of) what refunds gave back.
      return state.paid
        ? {
            ...state,
            coveredPoisha: state.coveredPoisha + amountPoisha,
            paidBy: [...state.paidBy, paymentIntentId],
          }
        : { ...state, paid: event.data, coveredPoisha: amountPoisha, paidBy: [paymentIntentId] };
    }
    case 'RentRefunded': {
      const refunds = [...state.refunds, event.data];
      const ofPaid =
        event.data.reason === 'provider-refund' && state.paidBy.includes(event.data.paymentIntentId);
      if (!ofPaid) return { ...state, refunds };
      const covered = state.coveredPoisha - event.data.amountPoisha;
      // Given back in full: the month is unpaid again (a new payment prices it anew).
      return covered <= 0
        ? { ...state, refunds, paid: null, coveredPoisha: 0, paidBy: [] }
        : { ...state, refunds, coveredPoisha: covered };
    }
    case 'RentReminderIssued':
      return state.reminders[event.data.kind]
        ? state
        : { ...state, reminders: { ...state.reminders, [event.data.kind]: event.data } };
    default:
      return state;
  }
}

/** What a paid month owes again after refunds made at the provider, in poisha (0: settled, or unpaid). */
export const owedAgainPoisha = (state: PaymentState) =>
  state.paid ? Math.max(0, state.paid.amountPoisha - state.coveredPoisha) : 0;

export const paymentAggregate: Aggregate<PaymentState> = {
  initialState: initialPaymentState,
  evolve: evolvePayment,
};

/**
 * The latest intent this member started with exactly this coupon, amount and items: reused rather than
 * duplicated. Never one with money refunded (its success paid a month once, and must not again),
 * nor one that pays the month already.
 */
export function startedWith(
  state: PaymentState,
  terms: Pick<EventData<'RentPaymentStarted'>, 'email' | 'couponCode' | 'amountPoisha' | 'items'>,
): EventData<'RentPaymentStarted'> | undefined {
  const items = JSON.stringify(terms.items ?? null);
  return state.started.findLast(
    (s) =>
      s.email === terms.email &&
      s.couponCode === terms.couponCode &&
      s.amountPoisha === terms.amountPoisha &&
      JSON.stringify(s.items ?? null) === items &&
      !wasRefunded(state, s.paymentIntentId) &&
      !state.paidBy.includes(s.paymentIntentId),
  );
}

/** Whether any money of this intent's charge went back (`reason`: in that way only). */
export const wasRefunded = (
  state: PaymentState,
  paymentIntentId: string,
  reason?: EventData<'RentRefunded'>['reason'],
) => state.refunds.some((r) => r.paymentIntentId === paymentIntentId && (!reason || r.reason === reason));
