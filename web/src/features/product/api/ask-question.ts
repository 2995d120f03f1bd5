import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/session';
import { getQuestionsQueryOptions } from './get-questions';

/** askQuestion: a signed-in buyer's question (quick check and moderation again on the server). */
export const askQuestion = (productId: number, text: string) =>
  apiCall('askQuestion', { params: { id: productId }, body: { question_text: text } });

/** The new question shows at once (last: oldest first), then the list is read again. */
export function askQuestionMutationOptions(queryClient: QueryClient, productId: number, userId: string | null) {
  const { queryKey } = getQuestionsQueryOptions(productId, userId);
  return {
    mutationFn: (text: string) => askQuestion(productId, text),
    onSuccess: (question: Awaited<ReturnType<typeof askQuestion>>) => {
      queryClient.setQueryData(queryKey, (old) =>
        old ? { ...old, items: [...old.items.filter((q) => q.id !== question.id), question] } : old,
      );
      // Not awaited: the form is free (and emptied) as soon as the question shows.
      void queryClient.invalidateQueries({ queryKey });
    },
  };
}

export const useAskQuestion = (productId: number) =>
  useMutation(askQuestionMutationOptions(useQueryClient(), productId, useSignedInUserId()));
