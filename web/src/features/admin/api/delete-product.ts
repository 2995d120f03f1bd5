import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { invalidateAfterAdminChange } from './admin-keys';

/** adminDeleteProduct: the product with its photos, questions and favorites. */
export const deleteProduct = (id: number) => apiCall('adminDeleteProduct', { params: { id } });

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteProduct(id),
    onSettled: () => invalidateAfterAdminChange(queryClient),
  });
}
