import { z } from 'zod';
import { roleSchema } from '../envelope.ts';
import { roleOf } from '../role-of.ts';
import { defineReadModel } from './read-model.ts';

/**
 * Accounts and their roles: GET /user/{admin,member,users}/:email, and the role the query-service
 * reads for the caller on every request (a demoted member loses access at once).
 */
export const usersView = defineReadModel({
  view: 'users',
  version: 1,
  audience: 'owner',
  tables: ['accounts'],
  events: ['UserRegistered', 'ProfileUpdated', 'AdminGranted', 'MemberPromoted', 'MemberDemoted'],
  // An account the view has never heard of is a plain user.
  row: z.object({ admin: z.boolean(), member: z.boolean() }).optional(),
  response: z.object({ role: roleSchema }),
  toResponse: (row) => ({ role: roleOf(row) }),
});

/** The role checks' answers: `{ admin }`, `{ member }`, `{ user }`. */
export const roleFlagSchemas = {
  admin: z.object({ admin: z.boolean() }),
  member: z.object({ member: z.boolean() }),
  user: z.object({ user: z.boolean() }),
} as const;
