import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export interface ConfirmSignUpVariables {
  email: string;
  code: string;
}

/** confirmSignUp: the e-mailed code confirms the new account. */
export const confirmSignUp = ({ email, code }: ConfirmSignUpVariables) =>
  apiCall('confirmSignUp', { body: { email, code } });

/** No session yet, nothing cached: no query is invalidated. */
export const confirmSignUpMutationOptions = () => mutationOptions({ mutationFn: confirmSignUp });

export const useConfirmSignUp = () => useMutation(confirmSignUpMutationOptions());
