import type { Knex } from 'knex';
import type { EventOf } from '../projection.ts';

/**
 * Who occupies an apartment, shared by the listing and the statistics. The listing comes from the
 * apartment stream and the booking from the agreement stream: separate columns, so the result does
 * not depend on which stream's events arrive first.
 */
export const occupancyColumns = `si integer primary key,
  listed boolean not null default false,
  booked_by text`;

export const occupancy = {
  async listed(trx: Knex.Transaction, table: string, si: number, listing: Record<string, unknown> = {}) {
    await trx(table)
      .insert({ si, listed: true, ...listing })
      .onConflict('si')
      .merge(['listed', ...Object.keys(listing)]);
  },
  async booked(trx: Knex.Transaction, table: string, event: EventOf<'AgreementAccepted'>) {
    await trx(table)
      .insert({ si: event.data.si, booked_by: event.data.userEmail.toLowerCase() })
      .onConflict('si')
      .merge(['booked_by']);
  },
  async freed(trx: Knex.Transaction, table: string, event: EventOf<'LeaseEnded'>) {
    await trx(table)
      .where({ si: event.data.si, booked_by: event.data.userEmail.toLowerCase() })
      .update({ booked_by: null });
  },
};
