import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/session';

/** getPushSettings: the signed-in user's push switches per kind (each on unless turned off). */
export const getPushSettings = (signal?: AbortSignal) => apiCall('getPushSettings', { signal });

/** Keyed by the user id, so another session reads another entry. */
export const getPushSettingsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['push-settings', userId],
    queryFn: ({ signal }) => getPushSettings(signal),
    enabled: userId !== null,
  });

export const usePushSettings = (enabled = true) => {
  const options = getPushSettingsQueryOptions(useSignedInUserId());
  return useQuery({ ...options, enabled: enabled && options.enabled });
};
