import type { CommentModerationInput, CommentModerationResult } from '#shared/comment-moderation';
import type { CreateTerms } from './idempotency';

/**
 * A product question as stored (shared/table.ts: entity `question`, in its product's partition).
 * These attribute names are a contract: the stream's mail notifications read them.
 */
export interface StoredQuestion {
  /** Time-sortable and unique (shared/questions.ts makeQuestionId). */
  id: string;
  product_id: number;
  /** The product's title when the question was asked. */
  product_title: string;
  /** The product owner's user id (sub): the one person who may answer. */
  seller_id: string;
  asker_id: string;
  /** The asker's display name when they asked. */
  asker_name: string;
  question_text: string;
  /** ISO 8601. */
  created_at: string;
  answer_text?: string;
  answered_at?: string;
}

export type AnswerOutcome =
  | { kind: 'answered'; question: StoredQuestion }
  | { kind: 'alreadyAnswered' }
  | { kind: 'notSeller' }
  | { kind: 'missing' };

export type DeleteOutcome = { kind: 'deleted' } | { kind: 'notAsker' } | { kind: 'missing' };

export interface QuestionRepository {
  /** A product's questions, oldest first (one Query of its partition). */
  list(productId: number, limit: number): Promise<StoredQuestion[]>;
  get(productId: number, questionId: string): Promise<StoredQuestion | null>;
  /**
   * Writes a new question, and records that its asker came for the listing (issue 40); false
   * (nothing written) if its id exists already. With `terms`, its first answer and the hourly slot
   * go in the same transaction (decision 041).
   */
  create(question: StoredQuestion, terms?: CreateTerms): Promise<boolean>;
  /**
   * Sets the answer once: only if the question exists, belongs to `sellerId`'s product and has no
   * answer yet (one conditional update, so of two concurrent answers exactly one wins).
   */
  answer(
    productId: number,
    questionId: string,
    sellerId: string,
    text: string,
    answeredAt: string,
  ): Promise<AnswerOutcome>;
  /** Deletes the question only if `askerId` asked it (a conditional delete). */
  deleteByAsker(productId: number, questionId: string, askerId: string): Promise<DeleteOutcome>;
  /** Deletes every question of a product (batched; idempotent); how many were found. */
  deleteAllOf(productId: number): Promise<number>;
}

/** Judges a question or an answer (rules locally, rules then Bedrock in AWS). Never throws. */
export interface CommentModerator {
  moderateComment(input: CommentModerationInput): Promise<CommentModerationResult>;
}
