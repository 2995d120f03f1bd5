import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export const getUniversity = (id: string, signal?: AbortSignal) =>
  apiCall('getUniversity', { params: { id }, signal });

export const useUniversity = (id: string | null) =>
  useQuery({
    queryKey: ['universities', id],
    queryFn: ({ signal }) => getUniversity(id as string, signal),
    enabled: Boolean(id),
    staleTime: 5 * 60_000,
  });
