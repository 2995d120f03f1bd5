import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Profile } from '#shared/account-schemas';
import { apiCall } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/session';

/**
 * getProfile: the signed-in user's profile (user_profiles): full name, institutional e-mail and its
 * verified flag, university.
 */
export const getProfile = (signal?: AbortSignal) => apiCall('getProfile', { signal });

/** Keyed by the user id like the favorites, so another session reads another entry. */
export const getProfileQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['profile', userId],
    queryFn: ({ signal }) => getProfile(signal),
    enabled: userId !== null,
  });

export const useProfile = () => useQuery(getProfileQueryOptions(useSignedInUserId()));

/**
 * Writes a profile the server answered with into the cache (every screen shows it at once): for the
 * mutations that answer the updated profile.
 */
export function useSetProfile(): (profile: Profile) => void {
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  return useCallback(
    (profile: Profile) => {
      queryClient.setQueryData(getProfileQueryOptions(userId).queryKey, profile);
    },
    [queryClient, userId],
  );
}
