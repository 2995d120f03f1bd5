import type { questionsRoutes } from '#shared/api/questions';
import { signedIn } from '../commons/auth';
import type { AreaHandlers } from '../http/router';
import {
  answerQuestion,
  askQuestion,
  deleteQuestion,
  listQuestions,
  type QuestionDeps,
} from '../services/questions/questions';

/** The questions area's routes (shared/api/questions.ts), one handler each. */
export const questionsHandlers: AreaHandlers<typeof questionsRoutes, QuestionDeps> = {
  listQuestions: ({ auth, params }, ctx) => listQuestions(ctx, auth, params.id),
  askQuestion: ({ auth, params, body, idempotency }, ctx) =>
    askQuestion(ctx, signedIn(auth), params.id, body, idempotency),
  answerQuestion: ({ auth, params, body }, ctx) =>
    answerQuestion(ctx, signedIn(auth), params.id, params.questionId, body),
  deleteQuestion: ({ auth, params }, ctx) =>
    deleteQuestion(ctx, signedIn(auth), params.id, params.questionId),
};
