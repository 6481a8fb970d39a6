import type { DecodedEvent } from '@building/events/decode-event';

export interface PaymentState {
  paymentIntentId: string;
  si: number;
  month: string;
  year: number;
  email: string;
  amountPoisha: number;
  couponCode: string | null;
  status: 'started' | 'paid' | 'failed';
  transactionId: string | null;
  failure: string | null;
}

/** Every payment attempt (one per PaymentIntent) with the status it had reached. */
export type Payments = Readonly<Record<string, PaymentState>>;
export const noPayments: Payments = {};

export function evolvePayments(state: Payments, event: DecodedEvent): Payments {
  switch (event.type) {
    case 'RentPaymentStarted': {
      const { paymentIntentId, si, month, year, email, amountPoisha, couponCode } = event.data;
      const started: PaymentState = {
        paymentIntentId,
        si,
        month,
        year,
        email,
        amountPoisha,
        couponCode,
        status: 'started',
        transactionId: null,
        failure: null,
      };
      return { ...state, [paymentIntentId]: { ...started, ...state[paymentIntentId] } };
    }
    case 'RentPaid': {
      const { paymentIntentId, si, month, year, email, amountPoisha, couponCode, transactionId } = event.data;
      return {
        ...state,
        [paymentIntentId]: {
          paymentIntentId,
          si,
          month,
          year,
          email,
          amountPoisha,
          couponCode,
          status: 'paid',
          transactionId,
          failure: null,
        },
      };
    }
    case 'RentPaymentFailed': {
      const { paymentIntentId, si, month, year, email, code, message } = event.data;
      const before = state[paymentIntentId];
      // A payment once paid stays paid: a late failure notice does not undo it.
      if (before?.status === 'paid') return state;
      return {
        ...state,
        [paymentIntentId]: {
          amountPoisha: 0,
          couponCode: null,
          transactionId: null,
          ...before,
          paymentIntentId,
          si,
          month,
          year,
          email,
          status: 'failed',
          failure: `${code}: ${message}`,
        },
      };
    }
    default:
      return state;
  }
}
