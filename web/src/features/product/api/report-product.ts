import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ALREADY_REPORTED_CODE } from '#shared/report-messages';
import type { ReportBody } from '#shared/reports';
import { ApiError, apiCall } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/session';
import { getReportStateQueryOptions } from './get-report-state';

export interface ReportProductVariables {
  id: number;
  body: ReportBody;
}

/** reportProduct: the one report a user makes of someone else's product. */
export const reportProduct = ({ id, body }: ReportProductVariables) =>
  apiCall('reportProduct', { params: { id }, body });

/** The 409 of a report that exists already: information for the person, not a failure. */
export const isAlreadyReported = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.code === ALREADY_REPORTED_CODE;

/** Whether it went in now or earlier, the user has reported the product: the button says so. */
export const reportProductMutationOptions = (queryClient: QueryClient, userId: string | null) => {
  const markReported = (id: number) =>
    queryClient.setQueryData(getReportStateQueryOptions(userId, id).queryKey, { reported: true });
  return mutationOptions({
    mutationFn: reportProduct,
    onSuccess: (_data, { id }) => markReported(id),
    onError: (error, { id }) => {
      if (isAlreadyReported(error)) markReported(id);
    },
  });
};

export const useReportProduct = () =>
  useMutation(reportProductMutationOptions(useQueryClient(), useSignedInUserId()));
