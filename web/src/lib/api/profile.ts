import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Profile } from '#shared/account-schemas';
import { apiCall } from '../api-client';
import { useSession } from '../session';

/**
 * The signed-in user's profile (user_profiles): full name, institutional e-mail and its verified
 * flag, university. Keyed by the user id like the favorites, so another session reads another entry.
 */
export const profileQueryKey = (userId: string | null) => ['profile', userId] as const;

export function useProfile() {
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.user.id : null;
  return useQuery({
    queryKey: profileQueryKey(userId),
    queryFn: ({ signal }) => apiCall('getProfile', { signal }),
    enabled: userId !== null,
  });
}

/** Writes a profile the server answered with into the cache (every screen shows it at once). */
export function useSetProfile(): (profile: Profile) => void {
  const queryClient = useQueryClient();
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.user.id : null;
  return useCallback(
    (profile: Profile) => {
      queryClient.setQueryData(profileQueryKey(userId), profile);
    },
    [queryClient, userId],
  );
}

export function useUpdateFullName() {
  const setProfile = useSetProfile();
  return useMutation({
    mutationFn: (fullName: string) => apiCall('updateProfile', { body: { full_name: fullName } }),
    onSuccess: setProfile,
  });
}
