import { z } from 'zod';
import { apartmentFields } from './apartment-fields.ts';
import { defineReadModel } from './read-model.ts';

export const agreementStatusSchema = z.enum(['pending', 'accepted', 'rejected', 'withdrawn']);

/** GET /agreement (admins: the pending inbox), GET /myAgreements/:email (a user's own requests). */
export const agreementRequestsView = defineReadModel({
  view: 'agreement-requests',
  version: 1,
  audience: 'owner',
  tables: ['requests'],
  events: ['AgreementRequested', 'AgreementAccepted', 'AgreementRejected', 'AgreementWithdrawn'],
  row: z.object({
    request_id: z.string(),
    ...apartmentFields,
    user_name: z.string(),
    user_email: z.string(),
    status: agreementStatusSchema,
    requested_at: z.date(),
  }),
  response: z.object({
    _id: z.string(),
    ...apartmentFields,
    user_name: z.string(),
    user_email: z.string(),
    status: agreementStatusSchema,
    /** When it was requested, in unix milliseconds. */
    timestamp: z.number(),
  }),
  toResponse: ({ request_id, requested_at, ...r }) => ({
    _id: request_id,
    ...r,
    timestamp: requested_at.getTime(),
  }),
});
export type AgreementRequest = z.infer<typeof agreementRequestsView.response>;
