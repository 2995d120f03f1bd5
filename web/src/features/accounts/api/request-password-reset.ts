import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** requestPasswordReset: e-mails a recovery link (the answer is the same whether the account exists or not). */
export const requestPasswordReset = (email: string) => apiCall('requestPasswordReset', { body: { email } });

/** Nothing cached changes: no query is invalidated. */
export const requestPasswordResetMutationOptions = () =>
  mutationOptions({ mutationFn: requestPasswordReset });

export const useRequestPasswordReset = () => useMutation(requestPasswordResetMutationOptions());
