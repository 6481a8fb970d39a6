import { defineProjection } from '../projection.ts';
import { roleColumns, roles } from './roles.ts';

/** The member list (manageMember): members with their names. */
export const members = defineProjection({
  view: 'members',
  version: 1,
  audience: 'admin',
  tables: {
    accounts: (t) => `create table if not exists ${t} (${roleColumns}, name text not null default '')`,
  },
  on: {
    UserRegistered: (trx, { data }, t) =>
      roles.upsert(trx, t.accounts, { email: data.email, name: data.name }),
    ProfileUpdated: (trx, { data }, t) =>
      roles.upsert(trx, t.accounts, { email: data.email, name: data.name }),
    AdminGranted: (trx, event, t) => roles.adminGranted(trx, t.accounts, event),
    MemberPromoted: (trx, event, t) => roles.memberPromoted(trx, t.accounts, event),
    MemberDemoted: (trx, event, t) => roles.memberDemoted(trx, t.accounts, event),
  },
});
