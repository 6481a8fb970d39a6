import { z } from 'zod';
import { defineReadModel } from './read-model.ts';

// count(*) arrives as a string
const count = z.coerce.number().int().nonnegative();

const tally = z.number().int().nonnegative();

/**
 * GET /apartmentData (admins): listed apartments, available and booked; accounts whose role is
 * user, and members; maintenance requests by status. Its own small tables, so it rebuilds apart
 * from the listing, the users view and the maintenance queue.
 */
export const statisticsView = defineReadModel({
  view: 'statistics',
  version: 1,
  audience: 'admin',
  tables: ['apartments', 'accounts', 'maintenance'],
  events: [
    'ApartmentListed',
    'AgreementAccepted',
    'LeaseEnded',
    'UserRegistered',
    'AdminGranted',
    'MemberPromoted',
    'MemberDemoted',
    'MaintenanceRequested',
    'MaintenanceStatusChanged',
  ],
  row: z.object({
    total: count,
    available: count,
    booked: count,
    user: count,
    member: count,
    maintenance_open: count,
    maintenance_acknowledged: count,
    maintenance_scheduled: count,
    maintenance_in_progress: count,
    maintenance_done: count,
    maintenance_declined: count,
  }),
  response: z.object({
    total: z.number().int().nonnegative(),
    available: z.number().int().nonnegative(),
    booked: z.number().int().nonnegative(),
    user: z.number().int().nonnegative(),
    member: z.number().int().nonnegative(),
    /** Maintenance requests by their status now. */
    maintenance: z.object({
      open: tally,
      acknowledged: tally,
      scheduled: tally,
      'in-progress': tally,
      done: tally,
      declined: tally,
    }),
  }),
  toResponse: (row) => ({
    total: row.total,
    available: row.available,
    booked: row.booked,
    user: row.user,
    member: row.member,
    maintenance: {
      open: row.maintenance_open,
      acknowledged: row.maintenance_acknowledged,
      scheduled: row.maintenance_scheduled,
      'in-progress': row.maintenance_in_progress,
      done: row.maintenance_done,
      declined: row.maintenance_declined,
    },
  }),
});
export type ApartmentStats = z.infer<typeof statisticsView.response>;
