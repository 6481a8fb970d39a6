import { usersView } from '@building/events/read-models/users';
import { defineProjection } from '../projection.ts';
import { column } from '../table-spec.ts';
import { roleColumns, roles } from './roles.ts';

/** Accounts and their roles (the role checks, and every request's caller role). */
export const users = defineProjection(usersView, {
  tables: {
    accounts: {
      key: 'email',
      columns: {
        ...roleColumns,
        name: column.text({ default: '' }),
        photo_url: column.text({ default: '' }),
        registered: column.boolean({ default: false }),
      },
    },
  },
  on: {
    UserRegistered: ({ data }) =>
      roles.upsert('accounts', {
        email: data.email,
        name: data.name,
        photo_url: data.photoURL,
        registered: true,
      }),
    ProfileUpdated: ({ data }) =>
      roles.upsert('accounts', { email: data.email, name: data.name, photo_url: data.photoURL }),
    AdminGranted: (event) => roles.adminGranted('accounts', event),
    MemberPromoted: (event) => roles.memberPromoted('accounts', event),
    MemberDemoted: (event) => roles.memberDemoted('accounts', event),
  },
});
