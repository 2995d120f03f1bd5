import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/session';

/** getOwnReport: whether the signed-in user already reported the product. */
export const getReportState = (id: number, signal?: AbortSignal) =>
  apiCall('getOwnReport', { params: { id }, signal });

/** Keyed by user like the other personal data; asked only of a buyer (never the seller, never signed out). */
export const getReportStateQueryOptions = (userId: string | null, id: number, enabled = true) =>
  queryOptions({
    queryKey: ['report-state', userId, id],
    queryFn: ({ signal }) => getReportState(id, signal),
    enabled: enabled && userId !== null,
    staleTime: 5 * 60_000,
  });

export const useReportState = (id: number, enabled: boolean) =>
  useQuery(getReportStateQueryOptions(useSignedInUserId(), id, enabled));
