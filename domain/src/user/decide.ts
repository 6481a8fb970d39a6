import { emailKinds, type DomainEvent, type EmailKind, type Language } from '@building/events/catalogue';
import { refuse } from '@building/events/domain-error';
import { requireAdmin, type Caller } from '../command-handling/caller.ts';
import { decideOpeningBalance, type RecordOpeningBalance } from './decide-opening-balance.ts';
import type { UserState } from './user.ts';

export interface Profile {
  email: string;
  /** Absent fields keep their recorded value. */
  name?: string;
  photoURL?: string;
}

export type UserCommand =
  /** POST /users/:email: the caller records their own profile. */
  | { type: 'RecordProfile'; data: { profile: Profile; isAdminEmail: boolean } }
  /**
   * POST /jwt: the first sign-in registers the person if the profile call has not yet done it.
   * `isAdminEmail` is true only for a listed address the identity provider has verified.
   */
  | { type: 'RegisterOnSignIn'; data: { profile: Profile; isAdminEmail: boolean } }
  /** PATCH /memberRemove/:email. */
  | { type: 'DemoteMember'; data: { email: string; by: Caller; now: Date } }
  /** PUT /users/:email/email-preferences: the full list of kinds the person turns off. */
  | { type: 'SetEmailPreferences'; data: { email: string; off: EmailKind[] } }
  /** PUT /users/:email/language: the language the person reads in. */
  | { type: 'ChooseLanguage'; data: { email: string; language: Language } }
  /** POST /notifications/read: seen up to `upTo` (at most `now`). */
  | { type: 'MarkNotificationsRead'; data: { email: string; upTo: Date; now: Date } }
  /** An operator's import: what the resident owed or had paid ahead when the books moved here. */
  | { type: 'RecordOpeningBalance'; data: RecordOpeningBalance };

export function decideUser(command: UserCommand, state: UserState): DomainEvent[] {
  switch (command.type) {
    case 'RecordProfile':
      return recordProfile(command.data, state);
    case 'RegisterOnSignIn':
      return state.status === 'registered' ? pendingGrant(command.data, state) : register(command.data);
    case 'DemoteMember':
      return demoteMember(command.data, state);
    case 'SetEmailPreferences':
      return setEmailPreferences(command.data, state);
    case 'ChooseLanguage':
      return chooseLanguage(command.data, state);
    case 'MarkNotificationsRead':
      return markNotificationsRead(command.data, state);
    case 'RecordOpeningBalance':
      return decideOpeningBalance(command.data, state);
    default: {
      const unhandled: never = command;
      throw new Error(`unknown command ${JSON.stringify(unhandled)}`);
    }
  }
}

/** Admin is granted only here, by the server's list, in the same transaction as the registration. */
function register({ profile, isAdminEmail }: { profile: Profile; isAdminEmail: boolean }): DomainEvent[] {
  const email = profile.email;
  const registered: DomainEvent = {
    type: 'UserRegistered',
    data: { email, name: profile.name ?? '', photoURL: profile.photoURL ?? '' },
  };
  return isAdminEmail ? [registered, { type: 'AdminGranted', data: { email } }] : [registered];
}

/** A listed address registered before it was verified becomes admin once it is. */
function pendingGrant({ isAdminEmail }: { isAdminEmail: boolean }, state: UserState): DomainEvent[] {
  return state.status === 'registered' && isAdminEmail && !state.admin
    ? [{ type: 'AdminGranted', data: { email: state.email } }]
    : [];
}

function recordProfile(data: { profile: Profile; isAdminEmail: boolean }, state: UserState): DomainEvent[] {
  if (state.status !== 'registered') return register(data);
  const name = data.profile.name ?? state.name;
  const photoURL = data.profile.photoURL ?? state.photoURL;
  const updated: DomainEvent[] =
    name === state.name && photoURL === state.photoURL
      ? []
      : [{ type: 'ProfileUpdated', data: { email: state.email, name, photoURL } }];
  return [...updated, ...pendingGrant(data, state)];
}

/** Demotion ends every lease of the member, which frees their apartments. */
function demoteMember(
  { email, by, now }: { email: string; by: Caller; now: Date },
  state: UserState,
): DomainEvent[] {
  requireAdmin(by, 'remove a member');
  if (state.status !== 'registered') throw refuse('user-not-found', `no user ${email}`);
  if (state.admin) throw refuse('admin-cannot-be-demoted', `${email} is an admin and cannot be demoted`);
  if (state.leases.length === 0) throw refuse('not-a-member', `${email} is not a member`);
  return [
    { type: 'MemberDemoted', data: { email: state.email, endedLeases: state.leases } },
    ...state.leases.map((si): DomainEvent => ({
      type: 'LeaseEnded',
      data: { si, userEmail: state.email, endedAt: now.toISOString(), reason: 'member-demoted' },
    })),
  ];
}

/** Recorded in the catalogue's order, without repeats: the same choice twice records nothing. */
function setEmailPreferences(
  { email, off }: { email: string; off: EmailKind[] },
  state: UserState,
): DomainEvent[] {
  if (state.status !== 'registered') throw refuse('user-not-found', `no user ${email}`);
  const wanted = emailKinds.filter((kind) => off.includes(kind));
  if (wanted.join() === emailKinds.filter((kind) => state.emailOff.includes(kind)).join()) return [];
  return [{ type: 'EmailPreferencesChanged', data: { email: state.email, off: wanted } }];
}

/** Recorded when it changes: saying the same language again records nothing. */
function chooseLanguage(
  { email, language }: { email: string; language: Language },
  state: UserState,
): DomainEvent[] {
  if (state.status !== 'registered') throw refuse('user-not-found', `no user ${email}`);
  return state.language === language
    ? []
    : [{ type: 'LanguageChosen', data: { email: state.email, language } }];
}

/** The read mark only moves forward, and never past the server's clock. */
function markNotificationsRead(
  { email, upTo, now }: { email: string; upTo: Date; now: Date },
  state: UserState,
): DomainEvent[] {
  if (state.status !== 'registered') throw refuse('user-not-found', `no user ${email}`);
  const mark = upTo > now ? now : upTo;
  if (state.readUpTo !== null && mark <= new Date(state.readUpTo)) return [];
  return [{ type: 'NotificationsRead', data: { email: state.email, upTo: mark.toISOString() } }];
}
