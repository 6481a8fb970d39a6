import type { DomainEvent, EventData } from '@building/events/catalogue';
import {
  countingCardPayments,
  monthDues,
  type CardMove,
  type MonthDues,
} from '@building/events/account/month-dues';

/**
 * The money of one apartment's month (its payment stream, payment-<si>-<year>-<month>): the rent
 * paid by card, the charges and their cancellations, the late fee, the offline payments and their
 * reversals. What the month owes is derived from it, never stored.
 */
export interface MonthAccountState {
  /** Card payments and the refunds made at the provider of them, in the order they happened. */
  card: Array<CardMove<EventData<'RentPaid'>>>;
  charges: Array<EventData<'ChargeAdded'> & { cancelled: EventData<'ChargeCancelled'> | null }>;
  lateFee: EventData<'LateFeeCharged'> | null;
  offline: Array<EventData<'OfflinePaymentRecorded'> & { reversed: EventData<'PaymentReversed'> | null }>;
}

export const initialMonthAccount = (): MonthAccountState => ({
  card: [],
  charges: [],
  lateFee: null,
  offline: [],
});

export function evolveMonthAccount(state: MonthAccountState, event: DomainEvent): MonthAccountState {
  switch (event.type) {
    case 'RentPaid':
      return { ...state, card: [...state.card, { payment: event.data }] };
    case 'RentRefunded':
      // A second charge's refund gives back money that never paid the month.
      if (event.data.reason !== 'provider-refund') return state;
      return {
        ...state,
        card: [
          ...state.card,
          { refund: { transactionId: event.data.paymentIntentId, amountPoisha: event.data.amountPoisha } },
        ],
      };
    case 'ChargeAdded':
      return state.charges.some((c) => c.chargeId === event.data.chargeId)
        ? state
        : { ...state, charges: [...state.charges, { ...event.data, cancelled: null }] };
    case 'ChargeCancelled': {
      const cancelled = event.data;
      return {
        ...state,
        charges: state.charges.map((c) =>
          c.chargeId === cancelled.chargeId && !c.cancelled ? { ...c, cancelled } : c,
        ),
      };
    }
    case 'LateFeeCharged':
      return state.lateFee ? state : { ...state, lateFee: event.data };
    case 'OfflinePaymentRecorded':
      return state.offline.some((p) => p.paymentId === event.data.paymentId)
        ? state
        : { ...state, offline: [...state.offline, { ...event.data, reversed: null }] };
    case 'PaymentReversed': {
      const reversed = event.data;
      return {
        ...state,
        offline: state.offline.map((p) =>
          p.paymentId === reversed.paymentId && !p.reversed ? { ...p, reversed } : p,
        ),
      };
    }
    default:
      return state;
  }
}

export const monthAccountAggregate = { initialState: initialMonthAccount, evolve: evolveMonthAccount };

export const openCharges = (state: MonthAccountState) => state.charges.filter((c) => !c.cancelled);
export const standingPayments = (state: MonthAccountState) => state.offline.filter((p) => !p.reversed);

/** The month's dues as month-dues.ts says (`rentPoisha`: the lease's rent). */
export function duesOf(state: MonthAccountState, rentPoisha: number): MonthDues {
  const card = countingCardPayments(state.card);
  return monthDues({
    rentPoisha,
    card: card.payments,
    cardRefundedPoisha: card.refundedPoisha,
    charges: openCharges(state),
    lateFeePoisha: state.lateFee?.amountPoisha ?? 0,
    offlinePoisha: standingPayments(state).reduce((sum, p) => sum + p.amountPoisha, 0),
  });
}

/**
 * What the month owes in all and what is left after every payment, in poisha: the lease's rent,
 * each open charge, the late fee; less what card payments settled and the standing offline payments.
 */
export function monthBalance(state: MonthAccountState, rentPoisha: number) {
  const { owedPoisha, paidPoisha, remainingPoisha } = duesOf(state, rentPoisha);
  return { owedPoisha, paidPoisha, remainingPoisha };
}

/** The month's rent still unpaid, in poisha (offline payments pay the rent before anything else). */
export const unpaidRentPoisha = (state: MonthAccountState, rentPoisha: number): number =>
  duesOf(state, rentPoisha).dues.find((d) => d.kind === 'rent')?.remainingPoisha ?? 0;
