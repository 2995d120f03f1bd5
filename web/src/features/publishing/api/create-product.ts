import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, apiCall } from '@/lib/api-client';
import { invalidateListings } from '@/lib/api/get-own-products';
import { useSignedInUserId } from '@/lib/session';

export type CreateProductBody = ApiInput<'createProduct'>['body'];

/** createProduct: publishes a listing (moderated again by the server). */
export const createProduct = (body: CreateProductBody) => apiCall('createProduct', { body });

/** Published, the seller's own list and the public listings are refreshed. */
export const createProductMutationOptions = (queryClient: QueryClient, userId: string | null) =>
  mutationOptions({
    mutationFn: createProduct,
    onSuccess: () => invalidateListings(queryClient, userId),
  });

export const useCreateProduct = () =>
  useMutation(createProductMutationOptions(useQueryClient(), useSignedInUserId()));
