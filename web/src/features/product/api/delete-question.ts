import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/session';
import { getQuestionsQueryOptions } from './get-questions';

/** deleteQuestion: the asker removes their own question. */
export const deleteQuestion = (productId: number, questionId: string) =>
  apiCall('deleteQuestion', { params: { id: productId, questionId } });

/** Gone from the list at once; settled either way, the list is read again. */
export function deleteQuestionMutationOptions(queryClient: QueryClient, productId: number, userId: string | null) {
  const { queryKey } = getQuestionsQueryOptions(productId, userId);
  return {
    mutationFn: (questionId: string) => deleteQuestion(productId, questionId),
    onSuccess: (_: unknown, questionId: string) => {
      queryClient.setQueryData(queryKey, (old) =>
        old ? { ...old, items: old.items.filter((q) => q.id !== questionId) } : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  };
}

export const useDeleteQuestion = (productId: number) =>
  useMutation(deleteQuestionMutationOptions(useQueryClient(), productId, useSignedInUserId()));
