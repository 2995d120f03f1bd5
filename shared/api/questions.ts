import {
  answerQuestionBodySchema,
  askQuestionBodySchema,
  deletedQuestionSchema,
  questionListSchema,
  questionParamsSchema,
  questionSchema,
} from '../questions';
import { idParamsSchema } from '../schemas';
import { defineArea } from './define';

/**
 * Questions and answers on a product page. Reading is public; a signed-in reader is recognised
 * (optional identity) so the answer carries their flags and is never cached. Every write runs the
 * spec's quick check (in the body schema) and the comment moderator (rules, then Bedrock in AWS).
 */
export const questionsRoutes = defineArea('questions', {
  listQuestions: {
    method: 'GET',
    path: '/api/products/{id}/questions',
    auth: 'public',
    identity: 'optional',
    params: idParamsSchema,
    response: questionListSchema,
  },
  askQuestion: {
    method: 'POST',
    path: '/api/products/{id}/questions',
    auth: 'user',
    // The seller sees no ask form on their own product, and the service refuses them too.
    ownerRefused: true,
    status: 201,
    idempotent: true,
    timeoutSeconds: 15,
    uses: { moderation: true },
    params: idParamsSchema,
    body: askQuestionBodySchema,
    response: questionSchema,
  },
  answerQuestion: {
    method: 'PUT',
    path: '/api/products/{id}/questions/{questionId}/answer',
    auth: 'user',
    timeoutSeconds: 15,
    uses: { moderation: true },
    params: questionParamsSchema,
    body: answerQuestionBodySchema,
    response: questionSchema,
  },
  deleteQuestion: {
    method: 'DELETE',
    path: '/api/products/{id}/questions/{questionId}',
    auth: 'user',
    params: questionParamsSchema,
    response: deletedQuestionSchema,
  },
});
