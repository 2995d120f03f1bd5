import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { invalidateAfterAdminChange } from './admin-keys';

/** adminSetProductStatus: active ↔ inactive (a sold product is refused by the server). */
export const setProductStatus = (id: number, status: 'active' | 'inactive') =>
  apiCall('adminSetProductStatus', { params: { id }, body: { status } });

export function useSetProductStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'active' | 'inactive' }) => setProductStatus(id, status),
    onSettled: () => invalidateAfterAdminChange(queryClient),
  });
}
