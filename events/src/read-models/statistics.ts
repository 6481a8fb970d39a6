import { z } from 'zod';
import { defineReadModel } from './read-model.ts';

// count(*) arrives as a string
const count = z.coerce.number().int().nonnegative();

/**
 * GET /apartmentData (admins): listed apartments, available and booked; accounts whose role is
 * user, and members. Its own small tables, so it rebuilds apart from the listing and the users view.
 */
export const statisticsView = defineReadModel({
  view: 'statistics',
  version: 1,
  audience: 'admin',
  tables: ['apartments', 'accounts'],
  events: [
    'ApartmentListed',
    'AgreementAccepted',
    'LeaseEnded',
    'UserRegistered',
    'AdminGranted',
    'MemberPromoted',
    'MemberDemoted',
  ],
  row: z.object({ total: count, available: count, booked: count, user: count, member: count }),
  response: z.object({
    total: z.number().int().nonnegative(),
    available: z.number().int().nonnegative(),
    booked: z.number().int().nonnegative(),
    user: z.number().int().nonnegative(),
    member: z.number().int().nonnegative(),
  }),
  toResponse: (row) => row,
});
export type ApartmentStats = z.infer<typeof statisticsView.response>;
