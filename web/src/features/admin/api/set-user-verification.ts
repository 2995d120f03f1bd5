import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { invalidateAfterAdminChange } from './admin-keys';

/** adminSetUserVerification: marks a profile's institutional e-mail verified or not. */
export const setUserVerification = (userId: string, verified: boolean) =>
  apiCall('adminSetUserVerification', { params: { userId }, body: { university_email_verified: verified } });

export function useSetUserVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, verified }: { userId: string; verified: boolean }) => setUserVerification(userId, verified),
    onSettled: () => invalidateAfterAdminChange(queryClient),
  });
}
