import type { DomainEvent, EventData } from '@building/events/catalogue';

/**
 * A building-wide price (stream tariff-<name>): the service-charge plan (`tariff-service`) or a
 * utility's tariff (`tariff-<utility>`), the latest set.
 */
export interface TariffState {
  plan: EventData<'ChargePlanSet'> | null;
  tariff: EventData<'TariffSet'> | null;
}

export const initialTariffState = (): TariffState => ({ plan: null, tariff: null });

export function evolveTariff(state: TariffState, event: DomainEvent): TariffState {
  switch (event.type) {
    case 'ChargePlanSet':
      return { ...state, plan: event.data };
    case 'TariffSet':
      return { ...state, tariff: event.data };
    default:
      return state;
  }
}

export const tariffAggregate = { initialState: initialTariffState, evolve: evolveTariff };

/** What the plan charges an apartment of this block each month (0: nothing). */
export function plannedServicePoisha(plan: EventData<'ChargePlanSet'> | null, block: string): number {
  if (!plan) return 0;
  return plan.byBlock ? (plan.byBlock[block] ?? 0) : (plan.amountPoisha ?? 0);
}
