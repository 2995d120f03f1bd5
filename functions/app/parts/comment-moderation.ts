import { createBedrockCommentModerator } from '../../adapters/bedrock/comment-moderator';
import { ENV, optionalEnv } from '../../commons/env';
import type { CommentModerator } from '../../ports/questions';
import { createRuleCommentModerator, withCommentRulesFirst } from '../../services/moderation/comments';
import type { PartFactories } from '../context';

/**
 * The comment moderator of this environment (the spec's moderate-comment): MODERATOR=bedrock (set by
 * the stack with the model id and the grant, for areas whose routes moderate) puts the stage's model
 * after the rules; otherwise (the local stack) the rules alone.
 */
function createCommentModerator(): CommentModerator {
  if (optionalEnv(ENV.moderator) !== 'bedrock') return createRuleCommentModerator();
  return withCommentRulesFirst(createBedrockCommentModerator());
}

export const commentModerationParts = {
  commentModerator: createCommentModerator,
} satisfies PartFactories<'commentModerator'>;
