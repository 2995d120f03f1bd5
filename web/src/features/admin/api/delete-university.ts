import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { invalidateAfterAdminChange } from './admin-keys';

/** adminDeleteUniversity: gone from selection at once; a background job deletes its products. */
export const deleteUniversity = (id: string) => apiCall('adminDeleteUniversity', { params: { id } });

export function useDeleteUniversity() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUniversity, onSettled: () => invalidateAfterAdminChange(queryClient) });
}
