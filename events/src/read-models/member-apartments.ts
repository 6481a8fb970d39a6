import { z } from 'zod';
import { apartmentFields } from './apartment-fields.ts';
import { defineReadModel } from './read-model.ts';

/** GET /memberData/:email: the member's active leases. */
export const memberApartmentsView = defineReadModel({
  view: 'member-apartments',
  version: 1,
  audience: 'owner',
  tables: ['leases'],
  events: ['AgreementAccepted', 'LeaseEnded'],
  row: z.object({
    request_id: z.string(),
    ...apartmentFields,
    accept_date: z.date(),
  }),
  response: z.object({
    _id: z.string(),
    ...apartmentFields,
    /** ISO time. */
    accept_date: z.string(),
  }),
  toResponse: ({ request_id, accept_date, ...r }) => ({
    _id: request_id,
    ...r,
    accept_date: accept_date.toISOString(),
  }),
});
export type MemberApartment = z.infer<typeof memberApartmentsView.response>;
