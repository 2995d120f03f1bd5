import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, apiCall } from '@/lib/api-client';
import { getAlertsQueryOptions } from '@/lib/api/get-alerts';
import { useSignedInUserId } from '@/lib/session';

export type CreateAlertBody = ApiInput<'createAlert'>['body'];

/** createAlert: saves the current search ('Crear alerta' on /marketplace and /search). */
export const createAlert = (body: CreateAlertBody) => apiCall('createAlert', { body });

export const createAlertMutationOptions = (queryClient: QueryClient, userId: string | null) =>
  mutationOptions({
    mutationFn: createAlert,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getAlertsQueryOptions(userId).queryKey }),
  });

/**
 * `said`: what to tell the person once it is saved or refused. Given here (not to `mutate`), so it
 * is said even if the button re-mounted meanwhile (a `mutate` call's own callbacks are dropped then).
 */
export function useCreateAlert(said?: { onSuccess?: () => void; onError?: (err: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({ ...createAlertMutationOptions(queryClient, useSignedInUserId()), ...said });
}
