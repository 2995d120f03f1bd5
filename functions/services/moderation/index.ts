import type { ModerationImage, ModerationInput, ModerationResult } from '#shared/moderation';
import type { Moderator } from '../../ports/moderation';
import { moderateByRules } from './rules';

/** Rules alone: the local stack's moderator, and the first pass everywhere. */
export function createRuleModerator(): Moderator {
  return { moderate: async (input) => moderateByRules(input) };
}

/**
 * Rules first: a listing they refuse never costs a model call. Otherwise the model decides, and
 * the rules' warnings and suggestions are kept alongside its own.
 */
export function withRulesFirst(model: Moderator): Moderator {
  return {
    async moderate(input: ModerationInput, image?: ModerationImage): Promise<ModerationResult> {
      const rules = moderateByRules(input);
      if (!rules.approved) return rules;
      const verdict = await model.moderate(input, image);
      const merge = (a: string[], b: string[]) => [...new Set([...a, ...b])];
      return {
        approved: verdict.approved,
        severity: verdict.severity === 'low' ? rules.severity : verdict.severity,
        warnings: merge(verdict.warnings, rules.warnings),
        suggestions: merge(verdict.suggestions, rules.suggestions),
      };
    },
  };
}
