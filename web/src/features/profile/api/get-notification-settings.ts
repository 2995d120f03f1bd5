import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/session';

/** getNotificationSettings: whether question and answer mails are on for the signed-in user. */
export const getNotificationSettings = (signal?: AbortSignal) =>
  apiCall('getNotificationSettings', { signal });

/** Keyed by the user id, so another session reads another entry. */
export const getNotificationSettingsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['notification-settings', userId],
    queryFn: ({ signal }) => getNotificationSettings(signal),
    enabled: userId !== null,
  });

export const useNotificationSettings = () =>
  useQuery(getNotificationSettingsQueryOptions(useSignedInUserId()));
