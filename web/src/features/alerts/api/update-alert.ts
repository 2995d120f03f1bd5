import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { getAlertsQueryOptions } from '@/lib/api/get-alerts';
import { useSignedInUserId } from '@/lib/session';

/** updateAlert: the alert's switch (on: mailed; off: kept, not mailed). */
export const updateAlert = ({ id, enabled }: { id: string; enabled: boolean }) =>
  apiCall('updateAlert', { params: { alertId: id }, body: { enabled } });

export function useUpdateAlert() {
  const queryClient = useQueryClient();
  const { queryKey } = getAlertsQueryOptions(useSignedInUserId());
  return useMutation({
    mutationFn: updateAlert,
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
