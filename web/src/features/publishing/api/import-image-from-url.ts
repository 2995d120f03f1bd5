import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** importImageFromUrl: the server fetches a photo from an address and answers its upload key. */
export const importImageFromUrl = (url: string) => apiCall('importImageFromUrl', { body: { url } });

/** An upload is not a listing yet: no query is invalidated. */
export const importImageFromUrlMutationOptions = () => mutationOptions({ mutationFn: importImageFromUrl });

export const useImportImageFromUrl = () => useMutation(importImageFromUrlMutationOptions());
