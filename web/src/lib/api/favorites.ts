import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ProductSummary } from '#shared/schemas';
import { useToast } from '@/components/ui/toast';
import { apiCall } from '../api-client';
import { useSession } from '../session';

type FavoritesList = { items: ProductSummary[] };

/**
 * Keyed by the user id, so a session change (sign in, sign out, another user) reads a different
 * entry: the favorites are reloaded whenever the authentication state changes (spec).
 */
export const favoritesQueryKey = (userId: string | null) => ['favorites', userId] as const;

/** The signed-in user's saved products; disabled (no request, no data) without a session. */
export function useFavorites() {
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.user.id : null;
  return useQuery({
    queryKey: favoritesQueryKey(userId),
    queryFn: ({ signal }) => apiCall('listFavorites', { signal }),
    enabled: userId !== null,
  });
}

/** Ids of the saved products: empty when there is no session or the list has not loaded. */
export function useFavoriteIds(): ReadonlySet<number> {
  const { data } = useFavorites();
  return useMemo(() => new Set(data?.items.map((p) => p.id) ?? []), [data]);
}

interface ToggleVariables {
  product: ProductSummary;
  /** The state the user asks for: true saves, false removes. */
  save: boolean;
}

/** Saves or removes a favorite, optimistically in the cached list, with the spec's toasts. */
export function useToggleFavorite() {
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.user.id : null;
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const key = favoritesQueryKey(userId);

  return useMutation({
    mutationFn: ({ product, save }: ToggleVariables) =>
      save
        ? apiCall('addFavorite', { params: { id: product.id } })
        : apiCall('removeFavorite', { params: { id: product.id } }),
    onMutate: async ({ product, save }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<FavoritesList>(key);
      const others = (previous?.items ?? []).filter((p) => p.id !== product.id);
      queryClient.setQueryData<FavoritesList>(key, { items: save ? [product, ...others] : others });
      return { previous };
    },
    onError: (_err, _vars, context) => {
      // Back to what the heart showed before the click.
      if (context?.previous) queryClient.setQueryData<FavoritesList>(key, context.previous);
      else queryClient.removeQueries({ queryKey: key, exact: true });
      toast({ title: 'No se pudo actualizar favorito', variant: 'destructive' });
    },
    onSuccess: (_data, { save }) => {
      toast({ title: save ? 'Guardado en favoritos' : 'Eliminado de favoritos' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
