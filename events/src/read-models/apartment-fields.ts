import { z } from 'zod';

/** An apartment's fields as the views store and answer them (listing, requests, leases). */
export const apartmentFields = {
  si: z.number().int(),
  apartment: z.string(),
  block: z.string(),
  floor: z.number().int(),
  room: z.string(),
  rent: z.number().int(),
};
