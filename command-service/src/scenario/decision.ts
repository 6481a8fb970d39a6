import type { DomainEvent } from '@building/events/catalogue';
import type { Actor } from '@building/events/envelope';
import { roleOf } from '@building/events/role-of';
import { streams } from '@building/events/streams';
import { actorOf, type Caller } from '../command-handling/caller.ts';
import { roleFactsOf, type UserState } from '../user/user.ts';

/**
 * What a scenario step reads: each stream's state as its aggregate folds it, and the time the next
 * command carries. An in-memory log (the log generator) or a real store (test histories) provides it.
 */
export interface DecidingLog {
  state<S>(stream: string): S;
  now(): Date;
}

/** One command's decision: the events to append in one transaction, and who caused them. */
export interface Decision {
  events: DomainEvent[];
  actor: Actor;
}

export const decided = (events: DomainEvent[], by: Caller | 'system'): Decision => ({
  events,
  actor: by === 'system' ? 'system' : actorOf(by),
});

/** The caller as the command service sees them: name and role read from their user stream. */
export function callerOf(log: DecidingLog, email: string): Caller {
  const user = log.state<UserState>(streams.user(email));
  return {
    email,
    role: roleOf(roleFactsOf(user)),
    name: user.status === 'registered' ? user.name : '',
  };
}
