import { membersView } from '@building/events/read-models/members';
import { defineProjection } from '../projection.ts';
import { column } from '../table-spec.ts';
import { roleColumns, roles } from './roles.ts';

/** The member list (manageMember): members with their names. */
export const members = defineProjection(membersView, {
  tables: {
    accounts: { key: 'email', columns: { ...roleColumns, name: column.text({ default: '' }) } },
  },
  on: {
    UserRegistered: ({ data }) => roles.upsert('accounts', { email: data.email, name: data.name }),
    ProfileUpdated: ({ data }) => roles.upsert('accounts', { email: data.email, name: data.name }),
    AdminGranted: (event) => roles.adminGranted('accounts', event),
    MemberPromoted: (event) => roles.memberPromoted('accounts', event),
    MemberDemoted: (event) => roles.memberDemoted('accounts', event),
  },
});
