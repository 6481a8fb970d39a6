import type { DomainEvent } from '@building/events/catalogue';
import type { Aggregate } from '../command-handling/aggregate.ts';

type Status = Extract<DomainEvent, { type: 'MaintenanceStatusChanged' }>['data']['status'] | 'open';

/** A maintenance request (stream maintenance-<requestId>): filed by a member, triaged by admins. */
export interface MaintenanceState {
  filed: boolean;
  /** The member who filed it, and their apartment. */
  email: string | null;
  si: number | null;
  apartment: string | null;
  status: Status;
}

export const initialMaintenanceState = (): MaintenanceState => ({
  filed: false,
  email: null,
  si: null,
  apartment: null,
  status: 'open',
});

export function evolveMaintenance(state: MaintenanceState, event: DomainEvent): MaintenanceState {
  switch (event.type) {
    case 'MaintenanceRequested':
      return {
        filed: true,
        email: event.data.email,
        si: event.data.si,
        apartment: event.data.apartment,
        status: 'open',
      };
    case 'MaintenanceStatusChanged':
      return { ...state, status: event.data.status };
    default:
      return state;
  }
}

export const maintenanceAggregate: Aggregate<MaintenanceState> = {
  initialState: initialMaintenanceState,
  evolve: evolveMaintenance,
};
