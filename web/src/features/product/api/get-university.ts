import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** The product's university, for its full name. Same query key as the marketplace's, so the cache is shared. */
export const useProductUniversity = (id: string | null) =>
  useQuery({
    queryKey: ['universities', id],
    queryFn: ({ signal }) => apiCall('getUniversity', { params: { id: id as string }, signal }),
    enabled: Boolean(id),
    staleTime: 5 * 60_000,
  });
