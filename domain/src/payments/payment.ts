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
  paid: EventData<'RentPaid'> | null;
  /** Intents that succeeded after another had paid the month, and were refunded. */
  refunds: EventData<'RentRefunded'>[];
  /** The reminder of each kind issued for the month, if any. */
  reminders: Partial<Record<EventData<'RentReminderIssued'>['kind'], EventData<'RentReminderIssued'>>>;
}

export const initialPaymentState = (): PaymentState => ({
  started: [],
  failures: [],
  paid: null,
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
      return { ...state, paid: state.paid ?? event.data };
    case 'RentRefunded':
      return { ...state, refunds: [...state.refunds, event.data] };
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

/** The latest intent this member started with exactly this coupon and amount: reused rather than duplicated. */
export function startedWith(
  state: PaymentState,
  terms: { email: string; couponCode: string | null; amountPoisha: number },
): EventData<'RentPaymentStarted'> | undefined {
  return state.started.findLast(
    (s) =>
      s.email === terms.email && s.couponCode === terms.couponCode && s.amountPoisha === terms.amountPoisha,
  );
}
