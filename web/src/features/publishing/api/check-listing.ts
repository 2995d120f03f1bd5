import { mutationOptions, useMutation } from '@tanstack/react-query';
import { type ApiInput, apiCall } from '@/lib/api-client';

export type CheckListingBody = ApiInput<'checkListing'>['body'];

/** checkListing: the content moderation's verdict on a draft (text and first photo). */
export const checkListing = (body: CheckListingBody) => apiCall('checkListing', { body });

/** A verdict changes nothing stored: no query is invalidated. */
export const checkListingMutationOptions = () => mutationOptions({ mutationFn: checkListing });

export const useCheckListing = () => useMutation(checkListingMutationOptions());
