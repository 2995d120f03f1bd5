import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { getProfileQueryOptions } from '@/lib/api/get-profile';
import { useSignedInUserId } from '@/lib/session';

/** updateProfile: changes the full name; answers the updated profile. */
export const updateFullName = (fullName: string) =>
  apiCall('updateProfile', { body: { full_name: fullName } });

/** The answered profile replaces the cached one (every screen shows it at once). */
export const updateFullNameMutationOptions = (queryClient: QueryClient, userId: string | null) =>
  mutationOptions({
    mutationFn: updateFullName,
    onSuccess: (profile) => queryClient.setQueryData(getProfileQueryOptions(userId).queryKey, profile),
  });

export const useUpdateFullName = () =>
  useMutation(updateFullNameMutationOptions(useQueryClient(), useSignedInUserId()));
