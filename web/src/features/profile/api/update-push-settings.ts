import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushSettings } from '#shared/push';
import { apiCall } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/session';
import { getPushSettingsQueryOptions } from './get-push-settings';
import { optimisticSettingsMutationOptions } from './optimistic-settings';

/**
 * updatePushSettings: the switches as they should be (one moved at a time: the switches wait while
 * one saves); answers the stored switches.
 */
export const updatePushSettings = (settings: PushSettings) =>
  apiCall('updatePushSettings', { body: settings });

/** The switch moves at once; a failure puts the old value back. */
export const updatePushSettingsMutationOptions = (queryClient: QueryClient, userId: string | null) =>
  optimisticSettingsMutationOptions(
    queryClient,
    getPushSettingsQueryOptions(userId).queryKey,
    updatePushSettings,
  );

export const useUpdatePushSettings = () =>
  useMutation(updatePushSettingsMutationOptions(useQueryClient(), useSignedInUserId()));
