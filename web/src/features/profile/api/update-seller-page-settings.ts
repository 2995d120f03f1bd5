import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellerPageSettings } from '#shared/trust';
import { apiCall } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/session';
import { getSellerPageSettingsQueryOptions } from './get-seller-page-settings';
import { optimisticSettingsMutationOptions } from './optimistic-settings';

/** updateSellerPageSettings: hides or shows the sold items on the user's public seller page. */
export const updateSellerPageSettings = (settings: SellerPageSettings) =>
  apiCall('updateSellerPageSettings', { body: settings });

/** The switch moves at once; a failure puts the old value back (as the notifications switch does). */
export const updateSellerPageSettingsMutationOptions = (queryClient: QueryClient, userId: string | null) =>
  optimisticSettingsMutationOptions(
    queryClient,
    getSellerPageSettingsQueryOptions(userId).queryKey,
    updateSellerPageSettings,
    // The user's own page shows the change when they open it next.
    () => void queryClient.invalidateQueries({ queryKey: ['sellers', userId] }),
  );

export const useUpdateSellerPageSettings = () =>
  useMutation(updateSellerPageSettingsMutationOptions(useQueryClient(), useSignedInUserId()));
