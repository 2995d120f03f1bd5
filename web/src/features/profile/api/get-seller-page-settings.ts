import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/session';

/** getSellerPageSettings: whether the signed-in user's public seller page hides their sold items. */
export const getSellerPageSettings = (signal?: AbortSignal) => apiCall('getSellerPageSettings', { signal });

export const getSellerPageSettingsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['seller-page-settings', userId],
    queryFn: ({ signal }) => getSellerPageSettings(signal),
    enabled: userId !== null,
  });

export const useSellerPageSettings = () => useQuery(getSellerPageSettingsQueryOptions(useSignedInUserId()));
