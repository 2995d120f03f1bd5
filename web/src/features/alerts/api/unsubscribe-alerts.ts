import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/**
 * unsubscribeAlerts: an alert mail's signed link turns every alert of its person off, without a
 * session (a POST: a mail scanner's GET of the page changes nothing by itself).
 */
export const unsubscribeAlerts = (token: string) => apiCall('unsubscribeAlerts', { query: { token } });

export const useUnsubscribeAlerts = () => useMutation({ mutationFn: unsubscribeAlerts });
