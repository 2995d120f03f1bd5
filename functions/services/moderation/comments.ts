import {
  type CommentModerationInput,
  type CommentModerationResult,
  isModerationFailure,
} from '#shared/comment-moderation';
import { QUESTION_MESSAGES } from '#shared/question-messages';
import { AppError } from '../../commons/errors';
import { METRIC } from '../../commons/metric-names';
import { countMetric } from '../../commons/observability';
import type { CommentModerator } from '../../ports/questions';
import { moderateCommentByRules } from './comment-rules';

/** Rules alone: the local stack's comment moderator, and the first pass everywhere. */
export function createRuleCommentModerator(): CommentModerator {
  return { moderateComment: async (input) => moderateCommentByRules(input) };
}

/**
 * Rules first: a comment they refuse never costs a model call. Otherwise the model decides (its
 * failure stays a failure: 'Error de moderación', nothing saved), keeping the rules' notes.
 */
export function withCommentRulesFirst(model: CommentModerator): CommentModerator {
  return {
    async moderateComment(input: CommentModerationInput) {
      const rules = moderateCommentByRules(input);
      if (!rules.approved) return rules;
      const verdict = await model.moderateComment(input);
      if (isModerationFailure(verdict)) return verdict;
      const merge = (a: string[], b: string[]) => [...new Set([...a, ...b])];
      return {
        ...verdict,
        warnings: merge(verdict.warnings, rules.warnings),
        suggestions: merge(verdict.suggestions, rules.suggestions),
      };
    },
  };
}

/** The moderator refused the text: 422 with its reason (the web app titles it 'Pregunta rechazada'…). */
export class ContentRejectedError extends AppError {
  constructor(reason: string, warnings: string[]) {
    super(
      422,
      'content_rejected',
      reason,
      warnings.map((message) => ({ path: 'moderation', message })),
    );
  }
}

/** The moderator could not judge (the model failed): nothing is saved; the person may retry. */
export class ModerationFailedError extends AppError {
  constructor() {
    super(503, 'moderation_error', QUESTION_MESSAGES.moderationUnavailable);
  }
}

/**
 * Runs the comment moderator on a question, an answer, a review or a reply: a refusal (422 with its
 * reason, `fallbackReason` when it gives none) or a failure (503) ends the request with nothing saved.
 */
export async function moderateOrRefuse(
  moderator: CommentModerator,
  input: CommentModerationInput,
  fallbackReason: string,
): Promise<CommentModerationResult> {
  const verdict = await moderator.moderateComment(input);
  if (isModerationFailure(verdict)) throw new ModerationFailedError();
  if (!verdict.approved) {
    countMetric(METRIC.moderationRejections);
    throw new ContentRejectedError(verdict.reason || verdict.warnings[0] || fallbackReason, verdict.warnings);
  }
  return verdict;
}
