import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/session';
import { getQuestionsQueryOptions } from './get-questions';

/** answerQuestion: the seller's one answer (quick check and moderation again on the server). */
export const answerQuestion = (productId: number, questionId: string, text: string) =>
  apiCall('answerQuestion', { params: { id: productId, questionId }, body: { answer_text: text } });

/** The answer shows at once; settled either way (a 409 means someone answered first), the list is read again. */
export function answerQuestionMutationOptions(queryClient: QueryClient, productId: number, userId: string | null) {
  const { queryKey } = getQuestionsQueryOptions(productId, userId);
  return {
    mutationFn: ({ questionId, text }: { questionId: string; text: string }) =>
      answerQuestion(productId, questionId, text),
    onSuccess: (question: Awaited<ReturnType<typeof answerQuestion>>) => {
      queryClient.setQueryData(queryKey, (old) =>
        old ? { ...old, items: old.items.map((q) => (q.id === question.id ? question : q)) } : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  };
}

export const useAnswerQuestion = (productId: number) =>
  useMutation(answerQuestionMutationOptions(useQueryClient(), productId, useSignedInUserId()));
