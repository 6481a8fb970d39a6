import { statisticsView } from '@building/events/read-models/statistics';
import { defineProjection } from '../projection.ts';
import { occupancy, occupancyColumns } from './occupancy.ts';
import { roleColumns, roles } from './roles.ts';

/**
 * The admin's statistics (/apartmentData): apartments listed, available and booked; accounts by
 * role. Its own small tables, so it rebuilds independently of the listing and the users view.
 */
export const statistics = defineProjection(statisticsView, {
  tables: {
    apartments: { key: 'si', columns: occupancyColumns },
    accounts: { key: 'email', columns: roleColumns },
  },
  on: {
    ApartmentListed: ({ data }) => occupancy.listed('apartments', data.si),
    AgreementAccepted: (event) => occupancy.booked('apartments', event),
    LeaseEnded: (event) => occupancy.freed('apartments', event),
    UserRegistered: ({ data }) => roles.upsert('accounts', { email: data.email }),
    AdminGranted: (event) => roles.adminGranted('accounts', event),
    MemberPromoted: (event) => roles.memberPromoted('accounts', event),
    MemberDemoted: (event) => roles.memberDemoted('accounts', event),
  },
});
