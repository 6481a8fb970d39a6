import type { Actor, Role } from '@building/events/envelope';
import { refuse } from '@building/events/domain-error';

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
