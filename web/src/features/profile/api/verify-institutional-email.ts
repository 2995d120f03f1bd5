import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { getProfileQueryOptions } from '@/lib/api/get-profile';
import { useSignedInUserId } from '@/lib/session';

/** verifyInstitutionalEmail: checks the typed code; answers the verified profile. */
export const verifyInstitutionalEmail = (code: string) =>
  apiCall('verifyInstitutionalEmail', { body: { code } });

/** The answered profile replaces the cached one (every screen shows the address verified at once). */
export const verifyInstitutionalEmailMutationOptions = (queryClient: QueryClient, userId: string | null) =>
  mutationOptions({
    mutationFn: verifyInstitutionalEmail,
    onSuccess: (profile) => queryClient.setQueryData(getProfileQueryOptions(userId).queryKey, profile),
  });

export const useVerifyInstitutionalEmail = () =>
  useMutation(verifyInstitutionalEmailMutationOptions(useQueryClient(), useSignedInUserId()));
