import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/session';
import { getPurchasesQueryOptions } from './get-purchases';

/** answerDeal: the buyer's 'Sí, lo recibí' or 'No lo recibí' (issue 40); 'Mis Compras' is read again. */
export const useAnswerDeal = () => {
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  return useMutation({
    mutationFn: ({ productId, received }: { productId: number; received: boolean }) =>
      apiCall('answerDeal', { params: { id: productId }, body: { received } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getPurchasesQueryOptions(userId).queryKey }),
  });
};
