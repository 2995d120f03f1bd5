import { MutationObserver, mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { ProductSummary } from '#shared/schemas';
import { apiCall } from '@/lib/api-client';
import { getFavoritesQueryOptions } from '@/lib/api/get-favorites';

export interface ToggleFavoriteVariables {
  product: ProductSummary;
  /** The state the user asks for: true saves, false removes. */
  save: boolean;
}

/** addFavorite or removeFavorite: one heart, one resource (the user's favorite), saved or removed. */
export const toggleFavorite = ({ product, save }: ToggleFavoriteVariables) =>
  save
    ? apiCall('addFavorite', { params: { id: product.id } })
    : apiCall('removeFavorite', { params: { id: product.id } });

/** Optimistic in the cached list (taken from the favorites' query options), settled by a refetch. */
export const toggleFavoriteMutationOptions = (queryClient: QueryClient, userId: string | null) => {
  const { queryKey } = getFavoritesQueryOptions(userId);
  return mutationOptions({
    mutationFn: toggleFavorite,
    onMutate: async ({ product, save }: ToggleFavoriteVariables) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      const others = (previous?.items ?? []).filter((p) => p.id !== product.id);
      queryClient.setQueryData(queryKey, { items: save ? [product, ...others] : others });
      return { previous };
    },
    onError: (_err, _vars, context) => {
      // Back to what the heart showed before the click.
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      else queryClient.removeQueries({ queryKey, exact: true });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
};

/**
 * Saves or removes a favorite (the options above, through TanStack Query's mutation observer),
 * started by the cards' heart outside React's render: the heart loads this module on its first press,
 * so neither it nor the observer is on the first routes' JavaScript (docs/decisions/024). Resolves
 * when saved; rejects on failure, once the heart shows what it showed before.
 */
export function toggleFavoriteNow(
  queryClient: QueryClient,
  userId: string | null,
  variables: ToggleFavoriteVariables,
) {
  return new MutationObserver(queryClient, toggleFavoriteMutationOptions(queryClient, userId)).mutate(
    variables,
  );
}
