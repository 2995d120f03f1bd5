import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export interface ConfirmSignUpVariables {
  /** This browser's handle of the registration the code was mailed for. */
  registration: string;
  code: string;
  /** The new account's password, chosen by whoever confirms. */
  password: string;
}

/** confirmSignUp: the e-mailed code, with its registration and a password, creates the account. */
export const confirmSignUp = (body: ConfirmSignUpVariables) => apiCall('confirmSignUp', { body });

/** No session yet, nothing cached: no query is invalidated. */
export const confirmSignUpMutationOptions = () => mutationOptions({ mutationFn: confirmSignUp });

export const useConfirmSignUp = () => useMutation(confirmSignUpMutationOptions());
