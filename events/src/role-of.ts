import type { Role } from './envelope.ts';

/** What a role is derived from: admin is granted once, member while a lease is active. */
export interface RoleFacts {
  admin: boolean;
  member: boolean;
}

/**
 * Roles are derived, never stored (docs/architecture.md §4): an admin is granted, a member is a user with an
 * active lease, anyone else (or unknown) is a user. The command side and the users view both ask this.
 */
export const roleOf = (facts: RoleFacts | undefined): Role =>
  facts?.admin ? 'admin' : facts?.member ? 'member' : 'user';
