import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/**
 * listQuestions: a product's questions, oldest first, with the reader's flags (is_seller, can_ask,
 * mine, can_answer). A signed-in reader's copy is answered 'private, no-store' and the anonymous one
 * varies on Authorization, so after a write of one's own the refetch always reaches the server.
 */
export const getQuestions = (productId: number, signal?: AbortSignal) =>
  apiCall('listQuestions', { params: { id: productId }, signal });

/** Keyed by reader: what the seller, the asker and a visitor see differs. */
export const getQuestionsQueryOptions = (productId: number, userId: string | null) =>
  queryOptions({
    queryKey: ['questions', productId, userId],
    queryFn: ({ signal }) => getQuestions(productId, signal),
  });

export type QuestionsData = Awaited<ReturnType<typeof getQuestions>>;

/** Waits while a stored session is being restored, so a returning seller is not read as a visitor. */
export function useQuestions(productId: number) {
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.user.id : null;
  return useQuery({ ...getQuestionsQueryOptions(productId, userId), enabled: session.status !== 'loading' });
}
