import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { SignUpBody } from '#shared/account-schemas';
import { apiCall } from '@/lib/api-client';

/**
 * signUp: registers the account through the server (UNCONFIRMED until the mailed code), which
 * hands a pending registration of the address to whoever registers it last. The answer is the
 * same whether or not the address had an account.
 */
export const signUp = (body: SignUpBody) => apiCall('signUp', { body });

/** No session yet, nothing cached: no query is invalidated. */
export const signUpMutationOptions = () => mutationOptions({ mutationFn: signUp });

export const useSignUp = () => useMutation(signUpMutationOptions());
