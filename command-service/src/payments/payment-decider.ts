import type { EventData } from '@building/events/catalogue';
import { conflict } from '@building/infra/http/problem';
import type { IntentFacts } from './intent-facts.ts';
import type { PaymentEvent, PaymentState } from './payment.ts';

/** The lease a payment is for, as the agreement stream accepted it. */
export type LeaseTerms = Pick<
  EventData<'AgreementAccepted'>,
  'si' | 'apartment' | 'block' | 'floor' | 'room' | 'rent' | 'userEmail' | 'userName'
>;

export type PaymentCommand =
  | { type: 'StartRentPayment'; data: EventData<'RentPaymentStarted'> }
  | { type: 'RecordRentPaid'; data: { intent: IntentFacts; lease: LeaseTerms; paidAt: Date } }
  | { type: 'RecordRentPaymentFailed'; data: { intent: IntentFacts } };

export const alreadyPaid = (p: { si: number; month: string; year: number }) =>
  conflict(`the rent of apartment ${p.si} for ${p.month} ${p.year} is already paid`);

/**
 * Pure decisions on one payment stream. Recording is idempotent: the same success or decline
 * reported twice (the client's POST /payment and the provider's webhook) decides nothing the second time.
 */
export function decidePayment(command: PaymentCommand, state: PaymentState): PaymentEvent[] {
  switch (command.type) {
    case 'StartRentPayment':
      return startRentPayment(command.data, state);
    case 'RecordRentPaid':
      return recordRentPaid(command.data, state);
    case 'RecordRentPaymentFailed':
      return recordRentPaymentFailed(command.data.intent, state);
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
}

function startRentPayment(started: EventData<'RentPaymentStarted'>, state: PaymentState): PaymentEvent[] {
  if (state.paid) throw alreadyPaid(state.paid);
  if (state.started.some((s) => s.paymentIntentId === started.paymentIntentId)) return [];
  return [{ type: 'RentPaymentStarted', data: started }];
}

function startedFor(intent: IntentFacts, state: PaymentState): EventData<'RentPaymentStarted'> {
  const started = state.started.find((s) => s.paymentIntentId === intent.id);
  if (!started) throw conflict(`payment ${intent.id} was not started for this apartment and month`);
  return started;
}

function recordRentPaid(
  { intent, lease, paidAt }: { intent: IntentFacts; lease: LeaseTerms; paidAt: Date },
  state: PaymentState,
): PaymentEvent[] {
  if (state.paid?.paymentIntentId === intent.id) return [];
  if (state.paid) throw alreadyPaid(state.paid);
  const started = startedFor(intent, state);
  if (intent.status !== 'succeeded')
    throw conflict(`payment ${intent.id} has not succeeded (${intent.status})`);
  const m = intent.metadata;
  const matches =
    intent.amount === started.amountPoisha &&
    intent.currency === 'bdt' &&
    m.email === started.email &&
    m.si === String(started.si) &&
    m.month === started.month &&
    m.year === String(started.year) &&
    (m.coupon ?? null) === started.couponCode &&
    m.amount === String(started.amountPoisha);
  if (!matches) throw conflict(`payment ${intent.id} does not match the rent payment that was started`);
  if (lease.userEmail !== started.email || lease.si !== started.si) {
    throw conflict(`apartment ${started.si} is not leased to ${started.email}`);
  }
  return [
    {
      type: 'RentPaid',
      data: {
        si: lease.si,
        apartment: lease.apartment,
        block: lease.block,
        floor: lease.floor,
        room: lease.room,
        rent: lease.rent,
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
        paidAt: paidAt.toISOString(),
      },
    },
  ];
}

function recordRentPaymentFailed(intent: IntentFacts, state: PaymentState): PaymentEvent[] {
  if (state.paid) return [];
  const started = startedFor(intent, state);
  const error = intent.lastError;
  if (intent.status !== 'requires_payment_method' || !error) {
    throw conflict(`payment ${intent.id} has not failed (${intent.status})`);
  }
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
