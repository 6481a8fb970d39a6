import { z } from 'zod';
import { apartmentFields } from './apartment-fields.ts';
import { defineReadModel } from './read-model.ts';

/** GET /apartment?page=N: the listing, six a page, with each apartment's availability. */
export const apartmentsView = defineReadModel({
  view: 'apartments',
  version: 1,
  audience: 'public',
  tables: ['apartments'],
  events: ['ApartmentListed', 'ApartmentUpdated', 'AgreementAccepted', 'LeaseEnded'],
  row: z.object({
    ...apartmentFields,
    image: z.string(),
    booked_by: z.string().nullable(),
  }),
  response: z.object({
    _id: z.string(),
    ...apartmentFields,
    image: z.string(),
    status: z.enum(['available', 'booked']),
  }),
  toResponse: ({ booked_by, ...r }) => ({
    _id: `apartment-${r.si}`,
    ...r,
    status: booked_by ? ('booked' as const) : ('available' as const),
  }),
});

export const apartmentPageSchema = z.object({
  result: z.array(apartmentsView.response),
  postCount: z.number().int().nonnegative(),
});
export type ApartmentPage = z.infer<typeof apartmentPageSchema>;
export type Apartment = z.infer<typeof apartmentsView.response>;
