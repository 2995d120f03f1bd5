import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiCall } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/session';

/** listFavorites: the signed-in user's saved products. */
export const getFavorites = (signal?: AbortSignal) => apiCall('listFavorites', { signal });

/**
 * Keyed by the user id, so a session change (sign in, sign out, another user) reads a different
 * entry: the favorites are reloaded whenever the authentication state changes (spec). Disabled (no
 * request, no data) without a session.
 */
export const getFavoritesQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['favorites', userId],
    queryFn: ({ signal }) => getFavorites(signal),
    enabled: userId !== null,
  });

/** The signed-in user's saved products. */
export const useFavorites = () => useQuery(getFavoritesQueryOptions(useSignedInUserId()));

/** Ids of the saved products: empty when there is no session or the list has not loaded. */
export function useFavoriteIds(): ReadonlySet<number> {
  const { data } = useFavorites();
  return useMemo(() => new Set(data?.items.map((p) => p.id) ?? []), [data]);
}
