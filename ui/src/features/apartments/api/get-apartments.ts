import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from '../../../lib/api-client.ts';

export const apartmentsPerPage = 6;

const label = z.union([z.string(), z.number()]);

const apartmentSchema = z.object({
  _id: label,
  si: label,
  apartment: label,
  block: label,
  floor: label,
  image: z.string(),
  rent: z.number(),
  room: label,
  status: z.enum(['available', 'booked']),
});

const apartmentPageSchema = z.object({
  result: z.array(apartmentSchema),
  postCount: z.number().check(z.int(), z.nonnegative()),
});

export type Apartment = z.infer<typeof apartmentSchema>;
export type ApartmentPage = z.infer<typeof apartmentPageSchema>;

/** GET /apartment?page=N (N from 0): six apartments and the total count. */
export async function getApartments(page: number, signal?: AbortSignal): Promise<ApartmentPage> {
  return apartmentPageSchema.parse(await query(`/apartment?page=${page}`, { signal }));
}

export const apartmentsKey = ['apartments'] as const;

export const apartmentsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...apartmentsKey, page],
    queryFn: ({ signal }) => getApartments(page, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useApartments = (page: number) => useQuery(apartmentsQueryOptions(page));

export const pageCountFor = (postCount: number): number => Math.ceil(postCount / apartmentsPerPage);
