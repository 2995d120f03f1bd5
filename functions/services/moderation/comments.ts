import { type CommentModerationInput, isModerationFailure } from '#shared/comment-moderation';
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
