import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiCall } from '@/lib/api-client';

/** getSellerContact: the seller's WhatsApp number, for signed-in users only. */
export const getSellerContact = (id: number, signal?: AbortSignal) =>
  apiCall('getSellerContact', { params: { id }, signal });

/**
 * Read when the person clicks 'Contactar', never before: asked again on every click, never retried,
 * and not kept in the cache afterwards (a phone number).
 */
export const getSellerContactQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['seller-contact', id],
    queryFn: ({ signal }) => getSellerContact(id, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** The on-click read: a function that resolves the contact of a product. */
export function useFetchSellerContact(): (
  id: number,
) => Promise<Awaited<ReturnType<typeof getSellerContact>>> {
  const queryClient = useQueryClient();
  return useCallback((id: number) => queryClient.fetchQuery(getSellerContactQueryOptions(id)), [queryClient]);
}
