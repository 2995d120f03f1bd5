import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { SignUpBody } from '#shared/account-schemas';
import { apiCall } from '@/lib/api-client';

/**
 * signUp: keeps the form's details as a pending registration and has its code mailed; the answer
 * is this browser's handle of the registration (docs/decisions/040), the same for every address.
 */
export const signUp = (body: SignUpBody) => apiCall('signUp', { body });

/** No session yet, nothing cached: no query is invalidated. */
export const signUpMutationOptions = () => mutationOptions({ mutationFn: signUp });

export const useSignUp = () => useMutation(signUpMutationOptions());
