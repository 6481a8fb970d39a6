import type { DomainEvent, EventData } from '@building/events/catalogue';

/** One apartment's meter of a utility (stream meter-<si>-<utility>): its last reading. */
export interface MeterState {
  last: EventData<'MeterRead'> | null;
}

export const initialMeterState = (): MeterState => ({ last: null });

export function evolveMeter(state: MeterState, event: DomainEvent): MeterState {
  return event.type === 'MeterRead' ? { last: event.data } : state;
}

export const meterAggregate = { initialState: initialMeterState, evolve: evolveMeter };
