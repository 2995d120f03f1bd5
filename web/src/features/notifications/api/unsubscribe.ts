import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/**
 * unsubscribeNotifications: the mail's signed link turns question and answer mails off, without a
 * session (a POST: a mail scanner's GET of the page's link changes nothing by itself).
 */
export const unsubscribe = (token: string) => apiCall('unsubscribeNotifications', { query: { token } });

/** Nothing cached depends on it (a signed-in /settings reads the switch again when it opens). */
export const unsubscribeMutationOptions = () => mutationOptions({ mutationFn: unsubscribe });

export const useUnsubscribe = () => useMutation(unsubscribeMutationOptions());
