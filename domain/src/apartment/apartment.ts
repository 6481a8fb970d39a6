import type { ApartmentDetails, DomainEvent } from '@building/events/catalogue';
import type { Aggregate } from '../command-handling/aggregate.ts';

/** An apartment of the building (stream apartment-<si>); whether it is booked lives in its agreement stream. */
export type ApartmentState = { status: 'unlisted' } | { status: 'listed'; details: ApartmentDetails };

export const initialApartmentState = (): ApartmentState => ({ status: 'unlisted' });

export function evolveApartment(state: ApartmentState, event: DomainEvent): ApartmentState {
  switch (event.type) {
    case 'ApartmentListed':
    case 'ApartmentUpdated':
      return { status: 'listed', details: event.data };
    default:
      return state;
  }
}

export const apartmentAggregate: Aggregate<ApartmentState> = {
  initialState: initialApartmentState,
  evolve: evolveApartment,
};
