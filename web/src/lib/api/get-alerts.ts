import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/session';

/** listAlerts: the signed-in user's saved searches (/alertas; docs/decisions/031). */
export const getAlerts = (signal?: AbortSignal) => apiCall('listAlerts', { signal });

/** Keyed by the user id (a session change reads another entry); no request without a session. */
export const getAlertsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['alerts', userId],
    queryFn: ({ signal }) => getAlerts(signal),
    enabled: userId !== null,
  });

export const useAlerts = () => useQuery(getAlertsQueryOptions(useSignedInUserId()));
