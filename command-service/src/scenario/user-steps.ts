import type { EmailKind } from '@building/events/catalogue';
import { streams } from '@building/events/streams';
import type { Caller } from '../command-handling/caller.ts';
import { decideUser, type Profile } from '../user/decide.ts';
import type { UserState } from '../user/user.ts';
import { callerOf, decided, type Decision, type DecidingLog } from './decision.ts';

const userState = (log: DecidingLog, email: string) => log.state<UserState>(streams.user(email));

/** The person records their profile: registers them the first time (an admin email is granted admin). */
export const recordProfile = (log: DecidingLog, profile: Profile, isAdminEmail = false): Decision =>
  decided(
    decideUser({ type: 'RecordProfile', data: { profile, isAdminEmail } }, userState(log, profile.email)),
    callerOf(log, profile.email),
  );

/** An admin demotes a member, ending their leases. */
export const demoteMember = (log: DecidingLog, email: string, by: Caller): Decision =>
  decided(
    decideUser({ type: 'DemoteMember', data: { email, by, now: log.now() } }, userState(log, email)),
    by,
  );

export const setEmailPreferences = (log: DecidingLog, email: string, off: EmailKind[]): Decision =>
  decided(
    decideUser({ type: 'SetEmailPreferences', data: { email, off } }, userState(log, email)),
    callerOf(log, email),
  );

/** The person has seen their notifications up to `upTo`. */
export const markNotificationsRead = (log: DecidingLog, email: string, upTo: Date): Decision =>
  decided(
    decideUser(
      { type: 'MarkNotificationsRead', data: { email, upTo, now: log.now() } },
      userState(log, email),
    ),
    callerOf(log, email),
  );
