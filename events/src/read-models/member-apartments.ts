import { z } from 'zod';
import { apartmentFields } from './apartment-fields.ts';
import { defineReadModel } from './read-model.ts';

/**
 * GET /memberData/:email: the member's active leases, with the original client's agreement fields
 * too (its payment screen reads them): user_email, user_name and timestamp (ms, when the lease began).
 */
export const memberApartmentsView = defineReadModel({
  view: 'member-apartments',
  version: 2,
  audience: 'owner',
  tables: ['leases'],
  events: ['AgreementAccepted', 'LeaseEnded'],
  row: z.object({
    request_id: z.string(),
    email: z.string(),
    name: z.string(),
    ...apartmentFields,
    accept_date: z.date(),
  }),
  response: z.object({
    _id: z.string(),
    ...apartmentFields,
    /** ISO time. */
    accept_date: z.string(),
    user_email: z.string(),
    user_name: z.string(),
    timestamp: z.number(),
  }),
  toResponse: ({ request_id, accept_date, email, name, ...r }) => ({
    _id: request_id,
    ...r,
    accept_date: accept_date.toISOString(),
    user_email: email,
    user_name: name,
    timestamp: accept_date.getTime(),
  }),
});
export type MemberApartment = z.infer<typeof memberApartmentsView.response>;
