import type { Actor, CommandMetadata, Role } from '@building/events/envelope';
import { refuse } from '@building/events/domain-error';
import { roleOf } from '@building/events/role-of';
import { streams } from '@building/events/streams';
import { roleFactsOf, userAggregate } from '../user/user.ts';
import type { CommandContext } from './command-context.ts';
import { loadAggregate } from './load-aggregate.ts';

/** Who sends a command: their role is read from their user stream on every request, never trusted from a client. */
export interface Caller {
  email: string;
  role: Role;
  name: string;
}

/** The actor recorded on the events a caller causes. */
export const actorOf = (caller: Caller): Actor => ({ email: caller.email, role: caller.role });

/** Admin-only commands: the check is a business rule, so it lives in the deciders. */
export function requireAdmin(by: Caller | 'system', doing: string): void {
  if (by !== 'system' && by.role !== 'admin') throw refuse('admin-only', `only an admin may ${doing}`);
}

/**
 * The person behind `email`, with the role their user stream gives them now (a demotion takes
 * effect at once). `registered` refuses someone who has no user record yet.
 */
export async function loadCaller(
  context: CommandContext,
  email: string,
  options: { registered?: boolean } = {},
): Promise<Caller> {
  const user = await loadAggregate(context, streams.user(email), userAggregate);
  if (options.registered && user.state.status !== 'registered')
    throw refuse('profile-required', 'record your profile first (POST /users/:email)');
  return {
    email,
    role: roleOf(roleFactsOf(user.state)),
    name: user.state.status === 'registered' ? user.state.name : '',
  };
}

/**
 * The metadata of a command sent by `by` at `now`: the clock stays outside the deciders. The
 * context may record every command as one actor (an import's).
 */
export const commandMeta = (context: CommandContext, by: Caller | 'system', now: Date): CommandMetadata => ({
  now,
  actor: context.actor ?? (by === 'system' ? 'system' : actorOf(by)),
  correlationId: context.newId(),
});
