import type { EventData } from '@building/events/catalogue';
import type { CommandMetadata, StoredEvent } from '@building/events/envelope';
import { decodeEvent } from '@building/events/decode-event';
import { streams } from '@building/events/streams';
import { refuse } from '@building/events/domain-error';
import { handleCommand } from '../command-handling/handle-command.ts';
import { decidePayment, type PaymentCommand } from './decide.ts';
import { readRentMetadata, type IntentFacts } from './intent-facts.ts';
import { contextOf, loadPaymentContext } from './payment-context.ts';
import type { PaymentDeps } from './payment-deps.ts';

export type RecordedOutcome =
  | { kind: 'paid'; eventId: string; position: number; rentPaid: EventData<'RentPaid'> }
  | { kind: 'failed'; code: string; message: string; position: number }
  | { kind: 'pending'; status: string }
  | { kind: 'not-rent' };

/**
 * Records what the provider says about an intent: RentPaid once it succeeded, RentPaymentFailed for
 * a decline. The client's POST /payment and the signed webhook both land here; whichever comes
 * first records it, the other finds it recorded (the payment stream's version and state decide,
 * and a lost race re-reads) and answers the same event.
 */
export async function recordIntentOutcome(
  deps: PaymentDeps,
  intent: IntentFacts,
  meta: CommandMetadata,
): Promise<RecordedOutcome> {
  const rent = readRentMetadata(intent.metadata);
  if (!rent) return { kind: 'not-rent' };
  const stream = streams.payment(rent.si, rent.year, rent.month);
  const decide = async (command: PaymentCommand) =>
    handleCommand(
      deps.store,
      {
        load: () => loadPaymentContext(deps.store, rent),
        decide: (context) => decidePayment(command, contextOf(context)),
      },
      meta,
    );
  if (intent.status === 'succeeded') {
    const result = await decide({ type: 'RecordRentPaid', data: { intent, paidAt: meta.now } });
    return paidOutcome(deps, stream, intent.id, result.events);
  }
  if (intent.status === 'requires_payment_method' && intent.lastError) {
    const result = await decide({ type: 'RecordRentPaymentFailed', data: { intent } });
    return {
      kind: 'failed',
      code: intent.lastError.code,
      message: intent.lastError.message,
      position: result.position,
    };
  }
  return { kind: 'pending', status: intent.status };
}

/** The RentPaid just recorded, or the one recorded earlier for the same intent. */
async function paidOutcome(
  deps: PaymentDeps,
  stream: string,
  intentId: string,
  appended: StoredEvent[],
): Promise<RecordedOutcome> {
  const events = (appended.length > 0 ? appended : await deps.store.readStream(stream)).map(decodeEvent);
  for (const event of events) {
    if (event.type === 'RentPaid' && event.data.paymentIntentId === intentId) {
      return { kind: 'paid', eventId: event.id, position: event.position, rentPaid: event.data };
    }
  }
  throw refuse('payment-not-started', `payment ${intentId} is not recorded`);
}
