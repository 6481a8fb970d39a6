import { categoryOf } from '@building/events/catalogue';
import type { StoredEvent } from '@building/events/envelope';
import { decodeEvent, type DecodedEvent } from '@building/events/decode-event';
import {
  evolveLedgerFacts,
  noLedgerFacts,
  type LedgerFacts,
} from '@building/events/rent-ledger/ledger-facts';
import { agreementAggregate, type AgreementState } from '../../agreement/agreement.ts';
import type { Aggregate } from '../../command-handling/aggregate.ts';
import { couponAggregate, type CouponState } from '../../coupon/coupon.ts';
import { paymentAggregate, type PaymentState } from '../../payments/payment.ts';

/** The categories whose events the state-at-a-time report folds (a demotion ends leases in agreement streams). */
export const stateCategories = ['agreement', 'coupon', 'payment'] as const;

/**
 * The log folded up to a moment, per stream, with the aggregates' own evolve functions: the
 * auditor sees the building as the deciders saw it, not a second reading of the events.
 */
export interface Replay {
  at: string;
  agreements: Readonly<Record<string, AgreementState>>;
  coupons: Readonly<Record<string, CouponState>>;
  payments: Readonly<Record<string, PaymentState>>;
  /** Leases and settled months, as the rent ledger reads them (the same fold as the scheduler's). */
  ledger: LedgerFacts;
  /** Events that occurred up to `at` and were folded. */
  events: number;
  /** Events that could not be decoded (named, never folded). */
  skipped: Array<{ stream: string; version: number; reason: string }>;
}

export function emptyReplay(at: Date): Replay {
  return {
    at: at.toISOString(),
    agreements: {},
    coupons: {},
    payments: {},
    ledger: noLedgerFacts(),
    events: 0,
    skipped: [],
  };
}

/** Folds one event into its stream's aggregate when it occurred at or before the replay's moment. Pure. */
export function foldAt(replay: Replay, event: StoredEvent): Replay {
  if (Date.parse(event.occurredAt) > Date.parse(replay.at)) return replay;
  let decoded: DecodedEvent;
  try {
    decoded = decodeEvent(event);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    return {
      ...replay,
      skipped: [...replay.skipped, { stream: event.stream, version: event.version, reason }],
    };
  }
  const counted = { ...replay, ledger: evolveLedgerFacts(replay.ledger, decoded), events: replay.events + 1 };
  switch (categoryOf(decoded.type)) {
    case 'agreement':
      return { ...counted, agreements: evolveIn(replay.agreements, agreementAggregate, decoded) };
    case 'coupon':
      return { ...counted, coupons: evolveIn(replay.coupons, couponAggregate, decoded) };
    case 'payment':
      return { ...counted, payments: evolveIn(replay.payments, paymentAggregate, decoded) };
    default:
      return counted;
  }
}

function evolveIn<S>(
  states: Readonly<Record<string, S>>,
  aggregate: Aggregate<S>,
  event: DecodedEvent,
): Record<string, S> {
  return {
    ...states,
    [event.stream]: aggregate.evolve(states[event.stream] ?? aggregate.initialState(), event),
  };
}

export async function replayAt(events: AsyncIterable<StoredEvent>, at: Date): Promise<Replay> {
  let replay = emptyReplay(at);
  for await (const event of events) replay = foldAt(replay, event);
  return replay;
}
