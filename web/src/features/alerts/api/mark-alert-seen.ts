import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { getAlertsQueryOptions } from '@/lib/api/get-alerts';
import { useSignedInUserId } from '@/lib/session';

/** markAlertSeen: 'Ver resultados' — the search's 'Nuevos para ti' are seen. */
export const markAlertSeen = (id: string) => apiCall('markAlertSeen', { params: { alertId: id } });

export function useMarkAlertSeen() {
  const queryClient = useQueryClient();
  const { queryKey } = getAlertsQueryOptions(useSignedInUserId());
  return useMutation({
    mutationFn: markAlertSeen,
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
