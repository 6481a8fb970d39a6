import type { DomainEvent } from '@building/events/catalogue';
import type { Aggregate } from '../command-handling/aggregate.ts';

export type MaintenanceStatus =
  Extract<DomainEvent, { type: 'MaintenanceStatusChanged' }>['data']['status'] | 'open';

/** A maintenance request (stream maintenance-<requestId>): filed by a member, triaged by admins. */
export interface MaintenanceState {
  filed: boolean;
  /** The member who filed it, and their apartment. */
  email: string | null;
  si: number | null;
  apartment: string | null;
  status: MaintenanceStatus;
  /** The date of the visit while it is scheduled (a re-schedule must name another one). */
  scheduledFor: string | null;
  comments: number;
}

export const initialMaintenanceState = (): MaintenanceState => ({
  filed: false,
  email: null,
  si: null,
  apartment: null,
  status: 'open',
  scheduledFor: null,
  comments: 0,
});

export function evolveMaintenance(state: MaintenanceState, event: DomainEvent): MaintenanceState {
  switch (event.type) {
    case 'MaintenanceRequested':
      return {
        ...initialMaintenanceState(),
        filed: true,
        email: event.data.email,
        si: event.data.si,
        apartment: event.data.apartment,
      };
    case 'MaintenanceStatusChanged':
      return { ...state, status: event.data.status, scheduledFor: event.data.scheduledFor ?? null };
    case 'MaintenanceCommentAdded':
      return { ...state, comments: state.comments + 1 };
    default:
      return state;
  }
}

export const maintenanceAggregate: Aggregate<MaintenanceState> = {
  initialState: initialMaintenanceState,
  evolve: evolveMaintenance,
};
