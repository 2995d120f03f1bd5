import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestDecisionBody } from '#shared/admin';
import { apiCall } from '@/lib/api-client';
import { invalidateAfterAdminChange } from './admin-keys';

/** adminDecideUniversityRequest: approve (with a prefilled university draft back) or reject, with notes. */
export const decideUniversityRequest = ({ requestId, ...body }: RequestDecisionBody & { requestId: string }) =>
  apiCall('adminDecideUniversityRequest', { params: { requestId }, body });

export function useDecideUniversityRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideUniversityRequest,
    onSettled: () => invalidateAfterAdminChange(queryClient),
  });
}
