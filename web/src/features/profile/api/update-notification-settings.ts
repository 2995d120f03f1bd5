import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '#shared/notification-schemas';
import { apiCall } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/session';
import { getNotificationSettingsQueryOptions } from './get-notification-settings';
import { optimisticSettingsMutationOptions } from './optimistic-settings';

/** updateNotificationSettings: turns question and answer mails on or off; answers the stored switch. */
export const updateNotificationSettings = (settings: NotificationSettings) =>
  apiCall('updateNotificationSettings', { body: settings });

/** The switch moves at once; a failure puts the old value back. */
export const updateNotificationSettingsMutationOptions = (queryClient: QueryClient, userId: string | null) =>
  optimisticSettingsMutationOptions(
    queryClient,
    getNotificationSettingsQueryOptions(userId).queryKey,
    updateNotificationSettings,
  );

export const useUpdateNotificationSettings = () =>
  useMutation(updateNotificationSettingsMutationOptions(useQueryClient(), useSignedInUserId()));
