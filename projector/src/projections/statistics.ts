import { statisticsView } from '@building/events/read-models/statistics';
import { defineProjection } from '../projection.ts';
import { column } from '../table-spec.ts';
import { occupancy, occupancyColumns } from './occupancy.ts';
import { roleColumns, roles } from './roles.ts';

/**
 * The admin's statistics (/apartmentData): apartments listed, available and booked; accounts by
 * role; maintenance requests by status. Its own small tables, so it rebuilds independently of the
 * listing, the users view and the maintenance queue.
 */
export const statistics = defineProjection(statisticsView, {
  tables: {
    apartments: { key: 'si', columns: occupancyColumns },
    accounts: { key: 'email', columns: roleColumns },
    maintenance: { key: 'request_id', columns: { request_id: column.uuid(), status: column.text() } },
  },
  on: {
    ApartmentListed: ({ data }) => occupancy.listed('apartments', data.si),
    AgreementAccepted: (event) => occupancy.booked('apartments', event),
    LeaseEnded: (event) => occupancy.freed('apartments', event),
    UserRegistered: ({ data }) => roles.upsert('accounts', { email: data.email }),
    AdminGranted: (event) => roles.adminGranted('accounts', event),
    MemberPromoted: (event) => roles.memberPromoted('accounts', event),
    MemberDemoted: (event) => roles.memberDemoted('accounts', event),
    MaintenanceRequested: ({ data }) => [
      { table: 'maintenance', insert: { request_id: data.requestId, status: 'open' } },
    ],
    MaintenanceStatusChanged: ({ data }) => [
      { table: 'maintenance', upsert: { request_id: data.requestId, status: data.status } },
    ],
  },
});
