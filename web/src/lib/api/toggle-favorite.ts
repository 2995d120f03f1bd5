import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductSummary } from '#shared/schemas';
import { useToast } from '@/components/ui/toast';
import { apiCall } from '@/lib/api-client';
import { getFavoritesQueryOptions } from '@/lib/api/get-favorites';
import { useSignedInUserId } from '@/lib/session';

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

/** Saves or removes a favorite, with the spec's toasts. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const options = toggleFavoriteMutationOptions(queryClient, useSignedInUserId());
  return useMutation({
    ...options,
    onError: (...args) => {
      options.onError?.(...args);
      toast({ title: 'No se pudo actualizar favorito', variant: 'destructive' });
    },
    onSuccess: (_data, { save }) => {
      toast({ title: save ? 'Guardado en favoritos' : 'Eliminado de favoritos' });
    },
  });
}
