import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '#shared/notification-schemas';
import { apiCall } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/session';
import { getNotificationSettingsQueryOptions } from './get-notification-settings';

/** updateNotificationSettings: turns question and answer mails on or off; answers the stored switch. */
export const updateNotificationSettings = (settings: NotificationSettings) =>
  apiCall('updateNotificationSettings', { body: settings });

/**
 * The switch moves at once (the cache holds the new value while it saves); a failure puts the old
 * value back, and the answer replaces the cache either way.
 */
export const updateNotificationSettingsMutationOptions = (
  queryClient: QueryClient,
  userId: string | null,
) => {
  const { queryKey } = getNotificationSettingsQueryOptions(userId);
  return mutationOptions({
    mutationFn: updateNotificationSettings,
    onMutate: async (next: NotificationSettings) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, next);
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
};

export const useUpdateNotificationSettings = () =>
  useMutation(updateNotificationSettingsMutationOptions(useQueryClient(), useSignedInUserId()));
