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
    // The page read just before the first render (main.tsx) is not read again as the listing mounts.
    staleTime: 5000,
  });

/** The page in the address is numbered from 1 (`?page=2`); the API counts from 0. */
export function pageFromSearch(params: URLSearchParams): number {
  const fromAddress = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isSafeInteger(fromAddress) && fromAddress > 1 ? fromAddress - 1 : 0;
}

export const useApartments = (page: number) => useQuery(apartmentsQueryOptions(page));

export const pageCountFor = (postCount: number): number => Math.ceil(postCount / apartmentsPerPage);
