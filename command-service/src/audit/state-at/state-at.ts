import { categoryOf, type DomainEvent } from '@building/events/catalogue';
import { isJournalEventType } from '@building/domain/books/journal';
import type { StoredEvent } from '@building/events/envelope';
import { decodeEvent, type DecodedEvent } from '@building/events/decode-event';
import { applyLedgerEvent, noLedgerFacts, type LedgerFacts } from '@building/events/rent-ledger/ledger-facts';
import { depositAggregate, type DepositState } from '@building/domain/account/deposit';
import {
  apartmentLeasesAggregate,
  type ApartmentLeasesState,
} from '@building/domain/account/apartment-leases';
import { meterAggregate, type MeterState } from '@building/domain/account/meter';
import { monthAccountAggregate, type MonthAccountState } from '@building/domain/account/month-account';
import { tariffAggregate, type TariffState } from '@building/domain/account/tariff';
import { agreementAggregate, type AgreementState } from '@building/domain/agreement/agreement';
import type { Aggregate } from '@building/domain/command-handling/aggregate';
import { couponAggregate, type CouponState } from '@building/domain/coupon/coupon';
import { paymentAggregate, type PaymentState } from '@building/domain/payments/payment';

/**
 * The categories whose events the state-at-a-time report folds (a demotion ends leases in agreement
 * streams; an opening balance is on its resident's user stream).
 */
export const stateCategories = [
  'user',
  'agreement',
  'coupon',
  'payment',
  'tariff',
  'meter',
  'deposit',
  'expense',
] as const;

/**
 * The log folded up to a moment, per stream, with the aggregates' own evolve functions: the
 * auditor sees the building as the deciders saw it, not a second reading of the events.
 */
export interface Replay {
  at: string;
  agreements: Record<string, AgreementState>;
  coupons: Record<string, CouponState>;
  payments: Record<string, PaymentState>;
  /** Each lease's deposit: owed, paid, settled. */
  deposits: Record<string, DepositState>;
  /** Each apartment's leases (by agreement stream), as the account's deciders fold them. */
  leases: Record<string, ApartmentLeasesState>;
  /** Each month's money beside card rent (by payment stream): charges, late fee, offline payments. */
  months: Record<string, MonthAccountState>;
  /** The service plan and the utilities' tariffs (by tariff stream). */
  tariffs: Record<string, TariffState>;
  /** Each meter's last reading (by meter stream). */
  meters: Record<string, MeterState>;
  /** Leases and settled months, as the rent ledger reads them (the same fold as the scheduler's). */
  ledger: LedgerFacts;
  /**
   * The events the books are folded from (`journalAt`), later ones too: an entry counts by its own
   * date, and an expense entered after `at` may be dated before it.
   */
  books: Array<DomainEvent & { id: string }>;
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
    deposits: {},
    leases: {},
    months: {},
    tariffs: {},
    meters: {},
    ledger: noLedgerFacts(),
    books: [],
    events: 0,
    skipped: [],
  };
}

/**
 * Folds one event into the replay, in place (a replay is its fold's own), when it occurred at or
 * before the replay's moment; returns the replay, so that reduce works. The states themselves are
 * replaced by their aggregate's evolve, never changed. (A copy of every record per event made the
 * fold of a long log quadratic: 320,000 events did not finish in five minutes.)
 */
export function foldAt(replay: Replay, event: StoredEvent): Replay {
  const later = Date.parse(event.occurredAt) > Date.parse(replay.at);
  if (later && !isJournalEventType(event.type)) return replay;
  let decoded: DecodedEvent;
  try {
    decoded = decodeEvent(event);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    if (!later) replay.skipped.push({ stream: event.stream, version: event.version, reason });
    return replay;
  }
  if (isJournalEventType(decoded.type)) replay.books.push(decoded);
  if (later) return replay;
  applyLedgerEvent(replay.ledger, decoded);
  replay.events += 1;
  switch (categoryOf(decoded.type)) {
    case 'agreement':
      evolveIn(replay.agreements, agreementAggregate, decoded);
      evolveIn(replay.leases, apartmentLeasesAggregate, decoded);
      break;
    case 'coupon':
      evolveIn(replay.coupons, couponAggregate, decoded);
      break;
    case 'payment':
      evolveIn(replay.payments, paymentAggregate, decoded);
      evolveIn(replay.months, monthAccountAggregate, decoded);
      break;
    case 'tariff':
      evolveIn(replay.tariffs, tariffAggregate, decoded);
      break;
    case 'meter':
      evolveIn(replay.meters, meterAggregate, decoded);
      break;
    case 'deposit':
      evolveIn(replay.deposits, depositAggregate, decoded);
      break;
  }
  return replay;
}

function evolveIn<S>(states: Record<string, S>, aggregate: Aggregate<S>, event: DecodedEvent): void {
  states[event.stream] = aggregate.evolve(states[event.stream] ?? aggregate.initialState(), event);
}

export async function replayAt(events: AsyncIterable<StoredEvent>, at: Date): Promise<Replay> {
  const replay = emptyReplay(at);
  for await (const event of events) foldAt(replay, event);
  return replay;
}
