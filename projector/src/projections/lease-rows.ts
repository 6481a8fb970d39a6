import type { EventOf } from '../projection.ts';
import type { RowChange } from '../row-changes.ts';
import { column, type TableSpec } from '../table-spec.ts';

/**
 * Every lease with its rent, start and end: the rows the rent ledger and the journal both bill the
 * rent from (each view keeps its own, so each rebuilds alone). Read back with `rentLedgerView.row`.
 */
export const leaseTable: TableSpec = {
  key: 'lease_id',
  columns: {
    lease_id: column.uuid(),
    email: column.text(),
    name: column.text(),
    si: column.integer(),
    apartment: column.text(),
    rent_poisha: column.bigint(),
    started_at: column.timestamptz(),
    ended_at: column.timestamptz({ nullable: true, default: null }),
  },
  lookups: ['email'],
};

export const leaseRows = <K extends string>(table: K) => ({
  accepted: ({ data }: EventOf<'AgreementAccepted'>): RowChange<K>[] => [
    {
      table,
      insert: {
        lease_id: data.requestId,
        email: data.userEmail.toLowerCase(),
        name: data.userName,
        si: data.si,
        apartment: data.apartment,
        rent_poisha: data.rent * 100,
        started_at: data.acceptedAt,
        ended_at: null,
      },
    },
  ],
  /** The member's open lease of the apartment ends. */
  ended: ({ data }: EventOf<'LeaseEnded'>): RowChange<K>[] => [
    {
      table,
      update: { ended_at: data.endedAt },
      where: { email: data.userEmail.toLowerCase(), si: data.si, ended_at: null },
    },
  ],
});
