import type { Knex } from 'knex';
import type { EventOf } from '../projection.ts';

/**
 * Role flags per account from the user stream, shared by the users, members and statistics views.
 * The role itself is derived from these flags by roleOf (@building/events/role-of).
 */
export const roleColumns = `email text primary key,
  admin boolean not null default false,
  member boolean not null default false`;

async function upsert(
  trx: Knex.Transaction,
  table: string,
  row: Record<string, unknown> & { email: string },
) {
  const columns = Object.keys(row).filter((k) => k !== 'email');
  const insert = trx(table)
    .insert({ ...row, email: row.email.toLowerCase() })
    .onConflict('email');
  await (columns.length > 0 ? insert.merge(columns) : insert.ignore());
}

export const roles = {
  upsert,
  adminGranted: (trx: Knex.Transaction, table: string, event: EventOf<'AdminGranted'>) =>
    upsert(trx, table, { email: event.data.email, admin: true }),
  memberPromoted: (trx: Knex.Transaction, table: string, event: EventOf<'MemberPromoted'>) =>
    upsert(trx, table, { email: event.data.email, member: true }),
  memberDemoted: (trx: Knex.Transaction, table: string, event: EventOf<'MemberDemoted'>) =>
    upsert(trx, table, { email: event.data.email, member: false }),
};
