import { defineProjection } from '../projection.ts';
import { occupancy, occupancyColumns } from './occupancy.ts';
import { roleColumns, roles } from './roles.ts';

/**
 * The admin's statistics (/apartmentData): apartments listed, available and booked; accounts by
 * role. Its own small tables, so it rebuilds independently of the listing and the users view.
 */
export const statistics = defineProjection({
  view: 'statistics',
  version: 1,
  audience: 'admin',
  tables: {
    apartments: (t) => `create table if not exists ${t} (${occupancyColumns})`,
    accounts: (t) => `create table if not exists ${t} (${roleColumns})`,
  },
  on: {
    ApartmentListed: (trx, { data }, t) => occupancy.listed(trx, t.apartments, data.si),
    AgreementAccepted: (trx, event, t) => occupancy.booked(trx, t.apartments, event),
    LeaseEnded: (trx, event, t) => occupancy.freed(trx, t.apartments, event),
    UserRegistered: (trx, { data }, t) => roles.upsert(trx, t.accounts, { email: data.email }),
    AdminGranted: (trx, event, t) => roles.adminGranted(trx, t.accounts, event),
    MemberPromoted: (trx, event, t) => roles.memberPromoted(trx, t.accounts, event),
    MemberDemoted: (trx, event, t) => roles.memberDemoted(trx, t.accounts, event),
  },
});
