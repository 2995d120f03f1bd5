import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/**
 * The expiry reminder's one-click links (decision 030): renewListingByLink and sellListingByLink,
 * without a session; the token from the page's fragment is the credential (a POST: a mail
 * scanner's GET of the page changes nothing).
 */
export type ListingLinkAction = 'renew' | 'sold';

export const useListingLink = (action: ListingLinkAction) => useMutation(listingLinkMutationOptions(action));

export const listingLinkMutationOptions = (action: ListingLinkAction) =>
  mutationOptions({
    mutationFn: (token: string) =>
      action === 'renew'
        ? apiCall('renewListingByLink', { body: { token } })
        : apiCall('sellListingByLink', { body: { token } }),
  });
