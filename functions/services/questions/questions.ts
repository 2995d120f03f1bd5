import { API_MESSAGES } from '#shared/messages';
import {
  type AnswerQuestionBody,
  type AskQuestionBody,
  makeQuestionId,
  QUESTION_LIMITS,
  QUESTION_MESSAGES,
  type Question,
  type QuestionList,
} from '#shared/questions';
import type { Product } from '#shared/schemas';
import { isListed } from '#shared/table';
import type { AuthContext } from '../../commons/auth';
import { ConflictError, ForbiddenError, NotFoundError } from '../../commons/errors';
import type { ProfileRepository, SendCounter } from '../../ports/accounts';
import type { Allowance, IdempotencyClaim } from '../../ports/idempotency';
import type { CommentModerator, QuestionRepository, StoredQuestion } from '../../ports/questions';
import type { ProductRepository } from '../../ports/repositories';
import { ensureAllowance, spendAllowance } from '../accounts/codes';
import { moderateOrRefuse } from '../moderation/comments';
import { HOUR_MS } from '../../commons/time';

/**
 * Questions and answers on a product (spec: Product question, Question states, the roles table's
 * Seller row). Anyone who can see the product reads its questions; a signed-in user who is not the
 * seller asks; only the seller answers, once; only the asker deletes. Every write is checked here
 * again (the request schema ran the quick check): product state, who asks, the hourly limit, then
 * the comment moderator, and only then one conditional write.
 */
export interface QuestionDeps {
  products: ProductRepository;
  questions: QuestionRepository;
  commentModerator: CommentModerator;
  profiles: ProfileRepository;
  sendCounter: SendCounter;
  now: () => Date;
  newId: () => string;
}

/** Why nobody may ask on a product now; null when it takes questions. */
function closedReason(product: Product): string | null {
  if (!isListed(product)) return QUESTION_MESSAGES.notOnSale;
  // Imported listings have no account yet (their sellers are linked later): nobody could answer.
  if (!product.owner_id) return QUESTION_MESSAGES.noSeller;
  return null;
}

const isSellerOf = (product: Product, auth: AuthContext | null) =>
  !!auth && !!product.owner_id && product.owner_id === auth.userId;

function view(q: StoredQuestion, auth: AuthContext | null, canAnswer: boolean): Question {
  return {
    id: q.id,
    product_id: q.product_id,
    asker_name: q.asker_name,
    question_text: q.question_text,
    created_at: q.created_at,
    answer_text: q.answer_text ?? null,
    answered_at: q.answered_at ?? null,
    mine: !!auth && q.asker_id === auth.userId,
    can_answer: canAnswer && q.answer_text === undefined,
  };
}

/** The product, or the product's 404. */
async function productOr404(deps: Pick<QuestionDeps, 'products'>, id: number): Promise<Product> {
  const product = await deps.products.get(id);
  if (!product) throw new NotFoundError(API_MESSAGES.productNotFound);
  return product;
}

/**
 * A product's questions, oldest first. An active product's are public; a sold or inactive one is
 * seen by nobody but its seller (as its page is), so for anyone else it is the product's 404.
 */
export async function listQuestions(
  deps: Pick<QuestionDeps, 'products' | 'questions'>,
  auth: AuthContext | null,
  productId: number,
): Promise<QuestionList> {
  const product = await productOr404(deps, productId);
  const isSeller = isSellerOf(product, auth);
  if (!isListed(product) && !isSeller) throw new NotFoundError(API_MESSAGES.productNotFound);
  const stored = await deps.questions.list(productId, QUESTION_LIMITS.perProduct);
  const closed = closedReason(product);
  return {
    items: stored.map((q) => view(q, auth, isSeller && !closed)),
    is_seller: isSeller,
    can_ask: !!auth && !isSeller && !closed,
    closed_reason: closed,
  };
}

/**
 * The asker's display name when they ask: the profile's full name, the token's name, else
 * 'Usuario'. An asker without a profile yet (a Google account that never opened /profile) gets one
 * from the token's claims, as a first read of /profile would: the answer's mail and its
 * unsubscribe switch need it (a federated account cannot be found in the pool by its id).
 */
async function askerName(deps: Pick<QuestionDeps, 'profiles' | 'now'>, auth: AuthContext): Promise<string> {
  let profile = await deps.profiles.get(auth.userId);
  if (!profile && auth.email)
    profile = await deps.profiles.createIfAbsent({
      user_id: auth.userId,
      email: auth.email.toLowerCase(),
      full_name: auth.name?.trim().slice(0, 100) || null,
      university_email: null,
      university_email_verified: false,
      university_id: null,
      created_at: deps.now().toISOString(),
    });
  return profile?.full_name?.trim() || auth.name?.trim() || 'Usuario';
}

/**
 * Model calls of asking per account and hour: the hourly slots count only questions written
 * (decision 041), so refused and failed attempts are bounded here, three per slot.
 */
export const QUESTION_MODERATIONS_PER_HOUR = 3 * QUESTION_LIMITS.questionsPerHour;

export async function askQuestion(
  deps: QuestionDeps,
  auth: AuthContext,
  productId: number,
  body: AskQuestionBody,
  claim: IdempotencyClaim,
): Promise<Question> {
  const product = await productOr404(deps, productId);
  // The seller sees no form on their own product; the server refuses too, whatever the state.
  if (isSellerOf(product, auth)) throw new ForbiddenError(QUESTION_MESSAGES.ownProduct);
  const closed = closedReason(product);
  if (closed) throw new ConflictError(closed);
  // The hourly slot is spent with the write (decision 041): a refused or failed question costs
  // none. A person without one is refused before the model; the model calls have their own bound.
  const slot: Allowance = {
    subject: `question:${auth.userId}`,
    max: QUESTION_LIMITS.questionsPerHour,
    windowMs: HOUR_MS,
    message: QUESTION_MESSAGES.tooManyQuestions,
  };
  await ensureAllowance(deps, slot);
  await spendAllowance(deps, `question-model:${auth.userId}`, {
    max: QUESTION_MODERATIONS_PER_HOUR,
    windowMs: HOUR_MS,
    message: QUESTION_MESSAGES.tooManyQuestions,
  });
  await moderateOrRefuse(
    deps.commentModerator,
    { text: body.question_text, type: 'question', context: product.title },
    QUESTION_MESSAGES.questionRejected,
  );
  const now = deps.now();
  const question: StoredQuestion = {
    id: makeQuestionId(now.getTime(), deps.newId().replace(/-/g, '')),
    product_id: product.id,
    product_title: product.title,
    seller_id: product.owner_id as string,
    asker_id: auth.userId,
    asker_name: await askerName(deps, auth),
    question_text: body.question_text,
    created_at: now.toISOString(),
  };
  const terms = { record: claim.record(view(question, auth, false)), allowances: [slot], now: now.getTime() };
  // A fresh random id: the conditional write fails only if the id generator is broken.
  if (!(await deps.questions.create(question, terms)))
    throw new Error(`question id ${question.id} already taken`);
  return view(question, auth, false);
}

export async function answerQuestion(
  deps: QuestionDeps,
  auth: AuthContext,
  productId: number,
  questionId: string,
  body: AnswerQuestionBody,
): Promise<Question> {
  const product = await productOr404(deps, productId);
  const question = await deps.questions.get(productId, questionId);
  if (!question) throw new NotFoundError(QUESTION_MESSAGES.notFound);
  if (!isSellerOf(product, auth) || question.seller_id !== auth.userId)
    throw new ForbiddenError(QUESTION_MESSAGES.onlySeller);
  if (question.answer_text !== undefined) throw new ConflictError(QUESTION_MESSAGES.alreadyAnswered);
  if (!isListed(product)) throw new ConflictError(QUESTION_MESSAGES.notOnSale);
  await spendAllowance(deps, `answer:${auth.userId}`, {
    max: QUESTION_LIMITS.answersPerHour,
    windowMs: HOUR_MS,
    message: QUESTION_MESSAGES.tooManyAnswers,
  });
  await moderateOrRefuse(
    deps.commentModerator,
    { text: body.answer_text, type: 'answer', context: product.title },
    QUESTION_MESSAGES.questionRejected,
  );
  // One conditional update: of two concurrent answers, exactly one is stored.
  const outcome = await deps.questions.answer(
    productId,
    questionId,
    auth.userId,
    body.answer_text,
    deps.now().toISOString(),
  );
  switch (outcome.kind) {
    case 'answered':
      return view(outcome.question, auth, false);
    case 'alreadyAnswered':
      throw new ConflictError(QUESTION_MESSAGES.alreadyAnswered);
    case 'notSeller':
      throw new ForbiddenError(QUESTION_MESSAGES.onlySeller);
    default:
      throw new NotFoundError(QUESTION_MESSAGES.notFound);
  }
}

/** Only the asker deletes their question (the web app confirms first). */
export async function deleteQuestion(
  deps: Pick<QuestionDeps, 'questions'>,
  auth: AuthContext,
  productId: number,
  questionId: string,
): Promise<{ id: string; deleted: true }> {
  const outcome = await deps.questions.deleteByAsker(productId, questionId, auth.userId);
  if (outcome.kind === 'notAsker') throw new ForbiddenError(QUESTION_MESSAGES.onlyAsker);
  if (outcome.kind === 'missing') throw new NotFoundError(QUESTION_MESSAGES.notFound);
  return { id: questionId, deleted: true };
}

/** A deleted product's questions go with it (the stream dispatcher, on the product's REMOVE). */
export function deleteProductQuestions(
  deps: Pick<QuestionDeps, 'questions'>,
  productId: number,
): Promise<number> {
  return deps.questions.deleteAllOf(productId);
}
