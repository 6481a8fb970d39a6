import type { EventOf } from '../projection.ts';
import type { Row, RowChange } from '../row-changes.ts';
import { column } from '../table-spec.ts';

/**
 * Role flags per account from the user stream, shared by the users, members and statistics views.
 * The role itself is derived from these flags by roleOf (@building/events/role-of).
 */
export const roleColumns = {
  email: column.text(),
  admin: column.boolean({ default: false }),
  member: column.boolean({ default: false }),
};

const upsert = <K extends string>(table: K, row: Row & { email: string }): RowChange<K>[] => [
  { table, upsert: { ...row, email: row.email.toLowerCase() } },
];

export const roles = {
  upsert,
  adminGranted: <K extends string>(table: K, { data }: EventOf<'AdminGranted'>) =>
    upsert(table, { email: data.email, admin: true }),
  memberPromoted: <K extends string>(table: K, { data }: EventOf<'MemberPromoted'>) =>
    upsert(table, { email: data.email, member: true }),
  memberDemoted: <K extends string>(table: K, { data }: EventOf<'MemberDemoted'>) =>
    upsert(table, { email: data.email, member: false }),
};
