import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/**
 * signOutEverywhere: the server revokes every refresh token of the account (Cognito's
 * AdminUserGlobalSignOut), so every other device's session ends within the ID token's lifetime.
 */
export const signOutEverywhere = () => apiCall('signOutEverywhere', {});

/** The session ends right after: nothing cached is worth invalidating. */
export const signOutEverywhereMutationOptions = () => mutationOptions({ mutationFn: signOutEverywhere });

export const useSignOutEverywhere = () => useMutation(signOutEverywhereMutationOptions());
