import type { EmailKind, Language } from '@building/events/catalogue';
import { streams } from '@building/events/streams';
import { commandMeta, type Caller } from '../command-handling/caller.ts';
import type { CommandContext } from '../command-handling/command-context.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { loadAggregate } from '../command-handling/load-aggregate.ts';
import type { RecordOpeningBalance } from './decide-opening-balance.ts';
import { decideUser, type Profile, type UserCommand } from './decide.ts';
import { userAggregate } from './user.ts';

const decideOn = (context: CommandContext, email: string, command: UserCommand, by: Caller, now: Date) =>
  handleCommand(
    context,
    {
      command: command.type,
      load: async () => ({ user: await loadAggregate(context, streams.user(email), userAggregate) }),
      decide: ({ user }) => decideUser(command, user.state),
    },
    commandMeta(context, by, now),
  );

/** The person records their own profile: registers them the first time (an admin email is granted admin). */
export const recordProfile = (
  context: CommandContext,
  {
    profile,
    isAdminEmail,
    caller,
    now,
  }: { profile: Profile; isAdminEmail: boolean; caller: Caller; now: Date },
) =>
  decideOn(context, profile.email, { type: 'RecordProfile', data: { profile, isAdminEmail } }, caller, now);

/** The first sign-in registers the person if the profile call has not yet done it (as a user). */
export const registerOnSignIn = (
  context: CommandContext,
  { profile, isAdminEmail, now }: { profile: Profile; isAdminEmail: boolean; now: Date },
) =>
  decideOn(
    context,
    profile.email,
    { type: 'RegisterOnSignIn', data: { profile, isAdminEmail } },
    { email: profile.email, role: 'user', name: '' },
    now,
  );

/** An admin demotes a member, ending their leases. */
export const demoteMember = (
  context: CommandContext,
  { email, caller, now }: { email: string; caller: Caller; now: Date },
) => decideOn(context, email, { type: 'DemoteMember', data: { email, by: caller, now } }, caller, now);

/** The full list of email kinds the caller turns off. */
export const setEmailPreferences = (
  context: CommandContext,
  { off, caller, now }: { off: EmailKind[]; caller: Caller; now: Date },
) =>
  decideOn(
    context,
    caller.email,
    { type: 'SetEmailPreferences', data: { email: caller.email, off } },
    caller,
    now,
  );

/** The language the caller reads in: their emails and receipts follow it. */
export const chooseLanguage = (
  context: CommandContext,
  { language, caller, now }: { language: Language; caller: Caller; now: Date },
) =>
  decideOn(
    context,
    caller.email,
    { type: 'ChooseLanguage', data: { email: caller.email, language } },
    caller,
    now,
  );

/** The caller has seen their notifications up to `upTo` (default: now). */
export const markNotificationsRead = (
  context: CommandContext,
  { upTo, caller, now }: { upTo?: Date | undefined; caller: Caller; now: Date },
) =>
  decideOn(
    context,
    caller.email,
    { type: 'MarkNotificationsRead', data: { email: caller.email, upTo: upTo ?? now, now } },
    caller,
    now,
  );

/** An admin (an operator's import) records what the resident owed or had paid ahead when the books moved here. */
export const recordOpeningBalance = (
  context: CommandContext,
  { caller, ...balance }: Omit<RecordOpeningBalance, 'by'> & { caller: Caller },
) =>
  decideOn(
    context,
    balance.email,
    { type: 'RecordOpeningBalance', data: { ...balance, by: caller } },
    caller,
    balance.now,
  );
