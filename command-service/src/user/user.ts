import type { DomainEvent } from '@building/events/catalogue';
import type { Role } from '@building/events/envelope';
import type { Aggregate } from '../command-handling/aggregate.ts';

/** A person as the command side knows them (stream user-<email>). */
export type UserState =
  | { status: 'unregistered' }
  | { status: 'registered'; email: string; name: string; photoURL: string; admin: boolean; leases: number[] };

export const initialUserState = (): UserState => ({ status: 'unregistered' });

export function evolveUser(state: UserState, event: DomainEvent): UserState {
  if (event.type === 'UserRegistered')
    return { status: 'registered', ...event.data, admin: false, leases: [] };
  if (state.status !== 'registered') return state;
  switch (event.type) {
    case 'ProfileUpdated':
      return { ...state, name: event.data.name, photoURL: event.data.photoURL };
    case 'AdminGranted':
      return { ...state, admin: true };
    case 'MemberPromoted':
      return { ...state, leases: [...state.leases.filter((si) => si !== event.data.si), event.data.si] };
    case 'MemberDemoted':
      return { ...state, leases: state.leases.filter((si) => !event.data.endedLeases.includes(si)) };
    default:
      return state;
  }
}

/** Roles are derived, never stored: an admin is granted, a member is a user with an active lease. */
export function roleOf(state: UserState): Role {
  if (state.status !== 'registered') return 'user';
  if (state.admin) return 'admin';
  return state.leases.length > 0 ? 'member' : 'user';
}

export const userAggregate: Aggregate<UserState> = { initialState: initialUserState, evolve: evolveUser };
