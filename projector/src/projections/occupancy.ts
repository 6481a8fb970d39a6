import type { EventOf } from '../projection.ts';
import type { RowChange } from '../row-changes.ts';
import { column } from '../table-spec.ts';

/**
 * Who occupies an apartment, shared by the listing and the statistics. The listing comes from the
 * apartment stream and the booking from the agreement stream: separate columns, so the result does
 * not depend on which stream's events arrive first.
 */
export const occupancyColumns = {
  si: column.integer(),
  listed: column.boolean({ default: false }),
  booked_by: column.text({ nullable: true }),
};

export const occupancy = {
  listed: <K extends string>(table: K, si: number, listing: Record<string, unknown> = {}): RowChange<K>[] => [
    { table, upsert: { si, listed: true, ...listing } },
  ],
  booked: <K extends string>(table: K, { data }: EventOf<'AgreementAccepted'>): RowChange<K>[] => [
    { table, upsert: { si: data.si, booked_by: data.userEmail.toLowerCase() } },
  ],
  freed: <K extends string>(table: K, { data }: EventOf<'LeaseEnded'>): RowChange<K>[] => [
    { table, update: { booked_by: null }, where: { si: data.si, booked_by: data.userEmail.toLowerCase() } },
  ],
};
