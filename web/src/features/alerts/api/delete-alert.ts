import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { getAlertsQueryOptions } from '@/lib/api/get-alerts';
import { useSignedInUserId } from '@/lib/session';

/** deleteAlert: the saved search and its alert are gone. */
export const deleteAlert = (id: string) => apiCall('deleteAlert', { params: { alertId: id } });

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  const { queryKey } = getAlertsQueryOptions(useSignedInUserId());
  return useMutation({
    mutationFn: deleteAlert,
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
