import type { DomainEvent, EventData } from '@building/events/catalogue';
import type { Aggregate } from '../command-handling/aggregate.ts';

export type RequestStatus = 'pending' | 'accepted' | 'rejected' | 'withdrawn';

/** A user's latest request for this apartment, with what the apartment was when they asked. */
export type AgreementRequest = EventData<'AgreementRequested'> & { status: RequestStatus };

/** The lease that books the apartment, if any. */
export type Lease = EventData<'AgreementAccepted'>;

/**
 * The booking boundary of one apartment (stream agreement-<si>): every request and the current
 * lease live in one stream, so "exactly one accept wins" is the stream's optimistic concurrency.
 */
export interface AgreementState {
  /** Keyed by the requester's email: one live request per user and apartment. */
  requests: Record<string, AgreementRequest>;
  lease: Lease | null;
}

export const initialAgreementState = (): AgreementState => ({ requests: {}, lease: null });

export function evolveAgreement(state: AgreementState, event: DomainEvent): AgreementState {
  switch (event.type) {
    case 'AgreementRequested':
      return {
        ...state,
        requests: { ...state.requests, [event.data.userEmail]: { ...event.data, status: 'pending' } },
      };
    case 'AgreementAccepted':
      return { requests: withStatus(state, event.data.userEmail, 'accepted'), lease: event.data };
    case 'AgreementRejected':
      return { ...state, requests: withStatus(state, event.data.userEmail, 'rejected') };
    case 'AgreementWithdrawn':
      return { ...state, requests: withStatus(state, event.data.userEmail, 'withdrawn') };
    case 'LeaseEnded':
      return state.lease?.userEmail === event.data.userEmail ? { ...state, lease: null } : state;
    default:
      return state;
  }
}

function withStatus(state: AgreementState, email: string, status: RequestStatus): AgreementState['requests'] {
  const request = state.requests[email];
  return request ? { ...state.requests, [email]: { ...request, status } } : state.requests;
}

export const pendingRequests = (state: AgreementState) =>
  Object.values(state.requests).filter((r) => r.status === 'pending');

export const agreementAggregate: Aggregate<AgreementState> = {
  initialState: initialAgreementState,
  evolve: evolveAgreement,
};
