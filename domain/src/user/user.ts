import type { DomainEvent, EmailKind, EventData, Language } from '@building/events/catalogue';
import type { RoleFacts } from '@building/events/role-of';
import type { Aggregate } from '../command-handling/aggregate.ts';

/** A person as the command side knows them (stream user-<email>). */
export type UserState =
  | { status: 'unregistered' }
  | {
      status: 'registered';
      email: string;
      name: string;
      photoURL: string;
      admin: boolean;
      leases: number[];
      /** The kinds of email turned off. */
      emailOff: EmailKind[];
      /** The language they read in (English until they choose). */
      language: Language;
      /** In-app notifications seen up to this moment (ISO), if ever. */
      readUpTo: string | null;
      /** What they owed or had paid ahead when the books moved here (an import), if recorded. */
      openingBalance: OpeningBalance | null;
    };

export type OpeningBalance = Pick<
  EventData<'OpeningBalanceRecorded'>,
  'kind' | 'amountPoisha' | 'asOf' | 'note'
>;

export const initialUserState = (): UserState => ({ status: 'unregistered' });

export function evolveUser(state: UserState, event: DomainEvent): UserState {
  if (event.type === 'UserRegistered')
    return {
      status: 'registered',
      ...event.data,
      admin: false,
      leases: [],
      emailOff: [],
      language: 'en',
      readUpTo: null,
      openingBalance: null,
    };
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
    case 'EmailPreferencesChanged':
      return { ...state, emailOff: event.data.off };
    case 'LanguageChosen':
      return { ...state, language: event.data.language };
    case 'NotificationsRead':
      return { ...state, readUpTo: event.data.upTo };
    case 'OpeningBalanceRecorded': {
      const { kind, amountPoisha, asOf, note } = event.data;
      return { ...state, openingBalance: { kind, amountPoisha, asOf, note } };
    }
    default:
      return state;
  }
}

/** What the person's role is derived from (see roleOf): granted admin, leases held. */
export function roleFactsOf(state: UserState): RoleFacts | undefined {
  return state.status === 'registered' ? { admin: state.admin, member: state.leases.length > 0 } : undefined;
}

export const userAggregate: Aggregate<UserState> = { initialState: initialUserState, evolve: evolveUser };
