import { describe, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { specFor } from '../testing/given-when-then.ts';
import { admin, now, registered, user } from '../testing/fixtures.ts';
import { decideUser, type Profile, type UserCommand } from './decide.ts';
import { userAggregate, type UserState } from './user.ts';

const given = specFor<UserCommand, UserState>({ ...userAggregate, decide: decideUser });

const rafi = user('rafi@building.test', 'Rafi');
const profile: Profile = { email: rafi.email, name: 'Rafi', photoURL: 'https://img.test/rafi.png' };
const record = (p: Profile = profile, isAdminEmail = false): UserCommand => ({
  type: 'RecordProfile',
  data: { profile: p, isAdminEmail },
});
const signIn = (isAdminEmail = false): UserCommand => ({
  type: 'RegisterOnSignIn',
  data: { profile: { email: rafi.email, name: 'Rafi' }, isAdminEmail },
});
const demote = (by = admin): UserCommand => ({ type: 'DemoteMember', data: { email: rafi.email, by, now } });

const promoted = (si: number): DomainEvent => ({ type: 'MemberPromoted', data: { email: rafi.email, si } });
const adminGranted: DomainEvent = { type: 'AdminGranted', data: { email: rafi.email } };
const leaseEnded = (si: number): DomainEvent => ({
  type: 'LeaseEnded',
  data: { si, userEmail: rafi.email, endedAt: now.toISOString(), reason: 'member-demoted' },
});

describe('a person who has never been recorded', () => {
  it('is registered by their profile', () =>
    given()
      .when(record())
      .then({
        type: 'UserRegistered',
        data: { email: rafi.email, name: 'Rafi', photoURL: 'https://img.test/rafi.png' },
      }));
  it('is granted admin with the registration when the server lists their email', () =>
    given()
      .when(record(profile, true))
      .then(
        {
          type: 'UserRegistered',
          data: { email: rafi.email, name: 'Rafi', photoURL: 'https://img.test/rafi.png' },
        },
        adminGranted,
      ));
  it('is registered at first sign-in', () => given().when(signIn()).then(registered(rafi)));
  it('cannot be demoted', () => given().when(demote()).thenFails('user-not-found'));
});

describe('a registered user', () => {
  const history = [registered(rafi, 'https://img.test/rafi.png')];
  it('records nothing when the profile is unchanged or omitted', () => {
    given(...history)
      .when(record())
      .thenNothing();
    given(...history)
      .when(record({ email: rafi.email }))
      .thenNothing();
  });
  it('records a changed profile', () =>
    given(...history)
      .when(record({ ...profile, name: 'Rafi Ahmed' }))
      .then({
        type: 'ProfileUpdated',
        data: { email: rafi.email, name: 'Rafi Ahmed', photoURL: profile.photoURL! },
      }));
  it('signing in again records nothing', () =>
    given(...history)
      .when(signIn())
      .thenNothing());
  // Registered before the listed address was verified: the grant waits for the verified sign-in.
  it('is granted admin when signing in with the listed address verified', () =>
    given(...history)
      .when(signIn(true))
      .then(adminGranted));
  it('is granted admin by a profile call with the listed address verified', () =>
    given(...history)
      .when(record(profile, true))
      .then(adminGranted));
  it('is granted admin only once', () =>
    given(...history, adminGranted)
      .when(signIn(true))
      .thenNothing());
  it('cannot be demoted: not a member', () =>
    given(...history)
      .when(demote())
      .thenFails('not-a-member', /not a member/));
});

describe('a member', () => {
  const history = [registered(rafi), promoted(7), promoted(12)];
  it('is demoted by an admin, ending every lease in the same decision', () =>
    given(...history)
      .when(demote())
      .then(
        { type: 'MemberDemoted', data: { email: rafi.email, endedLeases: [7, 12] } },
        leaseEnded(7),
        leaseEnded(12),
      ));
  it('is not demoted by anyone else', () => {
    given(...history)
      .when(demote(user('tania@building.test')))
      .thenFails('admin-only');
    given(...history)
      .when(demote({ ...rafi, role: 'member' }))
      .thenFails('admin-only');
  });
});

describe('a demoted member', () => {
  const history = [
    registered(rafi),
    promoted(7),
    { type: 'MemberDemoted', data: { email: rafi.email, endedLeases: [7] } } satisfies DomainEvent,
  ];
  it('is no longer a member', () =>
    given(...history)
      .when(demote())
      .thenFails('not-a-member', /not a member/));
});

describe('an admin', () => {
  it('cannot be demoted', () =>
    given(registered(rafi), adminGranted).when(demote()).thenFails('admin-cannot-be-demoted', /admin/));
});
