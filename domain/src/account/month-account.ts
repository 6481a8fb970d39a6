import type { DomainEvent, EventData } from '@building/events/catalogue';

/**
 * The money of one apartment's month (its payment stream, payment-<si>-<year>-<month>): the rent
 * paid by card, the charges and their cancellations, the late fee, the offline payments and their
 * reversals. What the month owes is derived from it, never stored.
 */
export interface MonthAccountState {
  rentPaid: EventData<'RentPaid'> | null;
  charges: Array<EventData<'ChargeAdded'> & { cancelled: EventData<'ChargeCancelled'> | null }>;
  lateFee: EventData<'LateFeeCharged'> | null;
  offline: Array<EventData<'OfflinePaymentRecorded'> & { reversed: EventData<'PaymentReversed'> | null }>;
}

export const initialMonthAccount = (): MonthAccountState => ({
  rentPaid: null,
  charges: [],
  lateFee: null,
  offline: [],
});

export function evolveMonthAccount(state: MonthAccountState, event: DomainEvent): MonthAccountState {
  switch (event.type) {
    case 'RentPaid':
      return state.rentPaid ? state : { ...state, rentPaid: event.data };
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

/** A card payment's items that paid a charge (none on payments of rent alone). */
const cardPaidCharges = (state: MonthAccountState) =>
  new Set((state.rentPaid?.items ?? []).flatMap((i) => (i.chargeId ? [i.chargeId] : [])));

/**
 * What the month owes in all and what is left after every payment, in poisha: the lease's rent
 * (settled in full by a card payment, its coupon included), each open charge, the late fee; less
 * each standing offline payment.
 */
export function monthBalance(state: MonthAccountState, rentPoisha: number) {
  const paidByCard = cardPaidCharges(state);
  const charges = openCharges(state);
  const owedPoisha =
    rentPoisha + charges.reduce((sum, c) => sum + c.amountPoisha, 0) + (state.lateFee?.amountPoisha ?? 0);
  const cardPoisha =
    (state.rentPaid ? rentPoisha : 0) +
    charges.filter((c) => paidByCard.has(c.chargeId)).reduce((sum, c) => sum + c.amountPoisha, 0) +
    (state.rentPaid?.items?.some((i) => i.kind === 'late-fee') ? (state.lateFee?.amountPoisha ?? 0) : 0);
  const offlinePoisha = standingPayments(state).reduce((sum, p) => sum + p.amountPoisha, 0);
  const paidPoisha = cardPoisha + offlinePoisha;
  return { owedPoisha, paidPoisha, remainingPoisha: Math.max(0, owedPoisha - paidPoisha) };
}

/**
 * The month's rent still unpaid, in poisha: none once a card paid it; else the rent less the
 * standing offline payments, which pay the rent before anything else (a late fee is on rent).
 */
export function unpaidRentPoisha(state: MonthAccountState, rentPoisha: number): number {
  if (state.rentPaid) return 0;
  const offlinePoisha = standingPayments(state).reduce((sum, p) => sum + p.amountPoisha, 0);
  return Math.max(0, rentPoisha - offlinePoisha);
}
