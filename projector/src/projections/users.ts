import { defineProjection } from '../projection.ts';
import { roleColumns, roles } from './roles.ts';

/**
 * Accounts and their roles: answers /user/{admin,member,users}/:email, and the query-service reads
 * the caller's role here on every request (a demoted member loses access at once).
 */
export const users = defineProjection({
  view: 'users',
  version: 1,
  audience: 'owner',
  tables: {
    accounts: (t) => `create table if not exists ${t} (
      ${roleColumns},
      name text not null default '',
      photo_url text not null default '',
      registered boolean not null default false
    )`,
  },
  on: {
    UserRegistered: (trx, { data }, t) =>
      roles.upsert(trx, t.accounts, {
        email: data.email,
        name: data.name,
        photo_url: data.photoURL,
        registered: true,
      }),
    ProfileUpdated: (trx, { data }, t) =>
      roles.upsert(trx, t.accounts, { email: data.email, name: data.name, photo_url: data.photoURL }),
    AdminGranted: (trx, event, t) => roles.adminGranted(trx, t.accounts, event),
    MemberPromoted: (trx, event, t) => roles.memberPromoted(trx, t.accounts, event),
    MemberDemoted: (trx, event, t) => roles.memberDemoted(trx, t.accounts, event),
  },
});
