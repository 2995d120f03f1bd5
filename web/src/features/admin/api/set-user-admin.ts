import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { invalidateAfterAdminChange } from './admin-keys';

/** adminSetUserAdminRole (super_admin only): grants or removes the admin role. */
export const setUserAdmin = (userId: string, admin: boolean) =>
  apiCall('adminSetUserAdminRole', { params: { userId }, body: { admin } });

export function useSetUserAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, admin }: { userId: string; admin: boolean }) => setUserAdmin(userId, admin),
    onSettled: () => invalidateAfterAdminChange(queryClient),
  });
}
