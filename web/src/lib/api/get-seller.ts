import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** getSeller: a seller's public page (product page's seller card, /vendedor/{id}; decision 032). */
export const getSeller = (id: string, signal?: AbortSignal) =>
  apiCall('getSeller', { params: { id }, signal });

/** One query for the card and the page, so opening the page after the card shows it at once. */
export const getSellerQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: ['sellers', id],
    queryFn: ({ signal }) => getSeller(id as string, signal),
    enabled: Boolean(id),
    staleTime: 60_000,
  });

export const useSeller = (id: string | null) => useQuery(getSellerQueryOptions(id));
