import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** requestSignUpCode: e-mails a new code for this browser's registration (its handle). */
export const requestSignUpCode = (registration: string) =>
  apiCall('requestSignUpCode', { body: { registration } });

/** No session yet, nothing cached: no query is invalidated. */
export const requestSignUpCodeMutationOptions = () => mutationOptions({ mutationFn: requestSignUpCode });

export const useRequestSignUpCode = () => useMutation(requestSignUpCodeMutationOptions());
