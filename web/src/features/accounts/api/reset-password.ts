import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export interface ResetPasswordVariables {
  /** The recovery link's token. */
  token: string;
  password: string;
}

/** resetPassword: the recovery link's token sets a new password. */
export const resetPassword = ({ token, password }: ResetPasswordVariables) =>
  apiCall('resetPassword', { body: { token, password } });

/** No session, nothing cached: no query is invalidated. */
export const resetPasswordMutationOptions = () => mutationOptions({ mutationFn: resetPassword });

export const useResetPassword = () => useMutation(resetPasswordMutationOptions());
