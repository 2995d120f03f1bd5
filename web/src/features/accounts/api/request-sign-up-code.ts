import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** requestSignUpCode: e-mails (again) the 6-digit code that confirms a new account. */
export const requestSignUpCode = (email: string) => apiCall('requestSignUpCode', { body: { email } });

/** No session yet, nothing cached: no query is invalidated. */
export const requestSignUpCodeMutationOptions = () => mutationOptions({ mutationFn: requestSignUpCode });

export const useRequestSignUpCode = () => useMutation(requestSignUpCodeMutationOptions());
