import type { EventData } from '@building/events/catalogue';
import type { StoredEvent } from '@building/events/envelope';
import { decodeEvent } from '@building/events/decode-event';
import { streams } from '@building/events/streams';
import { refuse } from '@building/events/domain-error';
import type { Caller } from '@building/domain/command-handling/caller';
import {
  recordProviderRefunds as recordRefundsMadeAtProvider,
  recordRentPaid,
  recordRentPaymentFailed,
  recordRentRefunded,
} from '@building/domain/payments/commands';
import { readRentMetadata, type IntentFacts, type RefundFacts } from '@building/domain/payments/intent-facts';
import type { PaymentDeps } from './payment-deps.ts';

export type RecordedOutcome =
  | { kind: 'paid'; eventId: string; position: number; rentPaid: EventData<'RentPaid'> }
  | { kind: 'refunded'; position: number; refund: EventData<'RentRefunded'> }
  | { kind: 'failed'; code: string; message: string; position: number }
  | { kind: 'pending'; status: string }
  | { kind: 'not-rent' }
  /** Refunds made at the provider of the paying charge: how many were new. */
  | { kind: 'provider-refunded'; position: number; recorded: number };

/**
 * Records what the provider says about an intent: RentPaid once it succeeded, RentPaymentFailed for
 * a decline, RentRefunded for a second charge of a paid month. The client's POST /payment and the
 * signed webhooks all land here; whichever comes first records it, the others find it recorded (the
 * payment stream's version and state decide, and a lost race re-reads) and answer the same event.
 * `reported` is a refund the provider's notice already names (charge.refunded).
 */
export async function recordIntentOutcome(
  deps: PaymentDeps,
  intent: IntentFacts,
  { by, now }: { by: Caller | 'system'; now: Date },
  reported: RefundFacts | null = null,
): Promise<RecordedOutcome> {
  const rent = readRentMetadata(intent.metadata);
  if (!rent) return { kind: 'not-rent' };
  const stream = streams.payment(rent.si, rent.year, rent.month);
  const recording = { period: rent, intent, by, now };

  if (intent.status === 'succeeded') {
    // A lost race to another intent makes this one the second charge.
    const { charge, ...result } = await recordRentPaid(deps.commands, recording);
    if (charge.kind === 'none') {
      const paid = await recorded(deps, stream, result.events, 'RentPaid', intent.id);
      return { kind: 'paid', eventId: paid.id, position: paid.position, rentPaid: paid.data };
    }
    if (charge.kind === 'refunded')
      return { kind: 'refunded', position: result.position, refund: charge.refund };
    const refund =
      reported?.paymentIntentId === intent.id
        ? reported
        : await deps.provider.refundIntent({
            paymentIntentId: intent.id,
            idempotencyKey: secondChargeRefundKey(intent.id),
          });
    const refunded = await recordRentRefunded(deps.commands, { ...recording, refund });
    const event = await recorded(deps, stream, refunded.events, 'RentRefunded', intent.id);
    return { kind: 'refunded', position: event.position, refund: event.data };
  }
  if (intent.status === 'requires_payment_method' && intent.lastError) {
    const result = await recordRentPaymentFailed(deps.commands, recording);
    return {
      kind: 'failed',
      code: intent.lastError.code,
      message: intent.lastError.message,
      position: result.position,
    };
  }
  return { kind: 'pending', status: intent.status };
}

/**
 * After the intent's own outcome is recorded, the refunds the provider lists for its charge that
 * were made there (not our second-charge refunds), each once: charge.refunded lands here.
 */
export async function recordProviderRefunds(
  deps: PaymentDeps,
  intent: IntentFacts,
  { by, now }: { by: Caller | 'system'; now: Date },
): Promise<RecordedOutcome> {
  const rent = readRentMetadata(intent.metadata);
  if (!rent) return { kind: 'not-rent' };
  const refunds = await deps.provider.refundsOf(intent.id);
  const result = await recordRefundsMadeAtProvider(deps.commands, { period: rent, intent, refunds, by, now });
  return { kind: 'provider-refunded', position: result.position, recorded: result.events.length };
}

/** Derived from the intent alone: a retry after a crash asks for the same refund and gets it back. */
export const secondChargeRefundKey = (intentId: string) => `second-charge-refund-${intentId}`;

/** The event of this type just recorded for the intent, or the one recorded earlier. */
async function recorded<T extends 'RentPaid' | 'RentRefunded'>(
  deps: PaymentDeps,
  stream: string,
  appended: StoredEvent[],
  type: T,
  intentId: string,
) {
  const events = (appended.length > 0 ? appended : await deps.commands.store.readStreamAfter(stream, 0)).map(
    decodeEvent,
  );
  for (const event of events) {
    if (event.type === type && event.data.paymentIntentId === intentId)
      return event as Extract<typeof event, { type: T }>;
  }
  throw refuse('payment-not-started', `payment ${intentId} is not recorded`);
}
