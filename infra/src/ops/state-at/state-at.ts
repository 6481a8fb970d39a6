import type { StoredEvent } from '@building/events/envelope';
import { decodeEvent } from '@building/events/decode-event';
import { evolveHolders, noHolders, type Holders } from './apartment-holders.ts';
import { evolveCoupons, noCoupons, type Coupons } from './coupon-statuses.ts';
import { evolvePayments, noPayments, type Payments } from './payment-statuses.ts';

/** The categories whose events the state-at-a-time report folds. */
export const stateCategories = ['agreement', 'user', 'coupon', 'payment'] as const;

export interface BuildingState {
  at: string;
  holders: Holders;
  coupons: Coupons;
  payments: Payments;
  /** Events that occurred up to `at` and were folded. */
  events: number;
  /** Events that could not be decoded (named, never folded). */
  skipped: Array<{ stream: string; version: number; reason: string }>;
}

export function emptyState(at: Date): BuildingState {
  return {
    at: at.toISOString(),
    holders: noHolders,
    coupons: noCoupons,
    payments: noPayments,
    events: 0,
    skipped: [],
  };
}

/** Folds one event into the state when it occurred at or before the state's moment. Pure. */
export function foldAt(state: BuildingState, event: StoredEvent): BuildingState {
  if (Date.parse(event.occurredAt) > Date.parse(state.at)) return state;
  let decoded;
  try {
    decoded = decodeEvent(event);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    return {
      ...state,
      skipped: [...state.skipped, { stream: event.stream, version: event.version, reason }],
    };
  }
  return {
    ...state,
    holders: evolveHolders(state.holders, decoded),
    coupons: evolveCoupons(state.coupons, decoded),
    payments: evolvePayments(state.payments, decoded),
    events: state.events + 1,
  };
}

export async function stateAt(events: AsyncIterable<StoredEvent>, at: Date): Promise<BuildingState> {
  let state = emptyState(at);
  for await (const event of events) state = foldAt(state, event);
  return state;
}
