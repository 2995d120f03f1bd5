import { mutationOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * The mutation of a /settings switch: it moves at once (the cache holds the new value while it
 * saves); a failure puts the old value back, and the answer replaces the cache either way.
 */
export function optimisticSettingsMutationOptions<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  save: (next: T) => Promise<T>,
  afterSave?: () => void,
) {
  return mutationOptions({
    mutationFn: save,
    onMutate: async (next: T) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, next);
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      afterSave?.();
    },
  });
}
