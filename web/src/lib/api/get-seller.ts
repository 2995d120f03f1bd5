import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiCall } from '@/lib/api-client';

/**
 * getSeller: a seller's public page (product page's seller card, /vendedor/{id}; decision 032); null
 * when there is no such seller (the API's 404), an answer a server render can carry in its state,
 * as getProduct's. Other failures throw.
 */
export const getSeller = (id: string, signal?: AbortSignal) =>
  apiCall('getSeller', { params: { id }, signal }).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  });

/** One query for the card and the page, so opening the page after the card shows it at once. */
export const getSellerQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: ['sellers', id],
    queryFn: ({ signal }) => getSeller(id as string, signal),
    enabled: Boolean(id),
    staleTime: 60_000,
  });

export const useSeller = (id: string | null) => useQuery(getSellerQueryOptions(id));
