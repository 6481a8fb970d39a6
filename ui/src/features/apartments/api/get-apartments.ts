import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { query } from '../../../lib/api-client.ts';
import {
  apartmentPageSchema,
  type Apartment,
  type ApartmentPage,
} from '@building/events/read-models/apartments';

export const apartmentsPerPage = 6;

export type { Apartment, ApartmentPage };

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
