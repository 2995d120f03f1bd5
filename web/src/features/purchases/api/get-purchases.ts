import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/session';

/** listPurchases: the listings the signed-in person contacted or asked about (issue 40). */
export const getPurchasesQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['purchases', userId],
    queryFn: ({ signal }) => apiCall('listPurchases', { signal }),
    enabled: userId !== null,
  });

export const usePurchases = () => useQuery(getPurchasesQueryOptions(useSignedInUserId()));
