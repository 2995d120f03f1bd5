import type { InterestKind } from '#shared/deals';

/** A person who came for a listing (issue 40), as stored. */
export interface Interest {
  product_id: number;
  user_id: string;
  contacted_at: string | null;
  asked_at: string | null;
  last_at: string;
}

/**
 * Who came for a listing: the signed-in people who asked for its seller's number or asked a
 * question, one record per person and listing. A question records it in its own transaction
 * (QuestionRepository.create); a contact through `record`.
 */
export interface InterestRepository {
  /** Records that `userId` came for the product by `kind` at `at` (a repeat keeps the first time). */
  record(productId: number, userId: string, kind: InterestKind, at: string): Promise<void>;
  /** Everyone who came for the product, read consistently (the seller acts on it at once). */
  listOfProduct(productId: number): Promise<Interest[]>;
  /** What a person came for, their latest first (at most `limit`). */
  listOfPerson(userId: string, limit: number): Promise<Interest[]>;
}
