import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportDecisionBody } from '#shared/admin';
import { apiCall } from '@/lib/api-client';
import { invalidateAfterAdminChange } from './admin-keys';

export interface ReportDecision extends ReportDecisionBody {
  productId: number;
  reporterId: string;
}

/** adminDecideReport: resolve or reject with notes; 'deactivate_product' also makes the product inactive. */
export const decideReport = ({ productId, reporterId, ...body }: ReportDecision) =>
  apiCall('adminDecideReport', { params: { id: productId, reporterId }, body });

export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideReport, onSettled: () => invalidateAfterAdminChange(queryClient) });
}
