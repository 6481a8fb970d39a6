import { z } from 'zod';
import { defineReadModel } from './read-model.ts';

/** GET /members (admins): members with their names. */
export const membersView = defineReadModel({
  view: 'members',
  version: 1,
  audience: 'admin',
  tables: ['accounts'],
  events: ['UserRegistered', 'ProfileUpdated', 'AdminGranted', 'MemberPromoted', 'MemberDemoted'],
  row: z.object({ email: z.string(), name: z.string() }),
  response: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  toResponse: (r) => ({ _id: `user-${r.email}`, ...r }),
});
export type Member = z.infer<typeof membersView.response>;

/**
 * A member as the admins' list shows them (GET /members): the view's fields, the apartments they
 * lease now, and what they owe today on all their leases (from the rent ledger), in poisha.
 */
export const memberListEntry = membersView.response.extend({
  apartments: z.array(z.string()),
  balancePoisha: z.number().int(),
});
export type MemberListEntry = z.infer<typeof memberListEntry>;
