import { createBedrockModerator } from '../../adapters/bedrock/moderator';
import { ENV, optionalEnv } from '../../commons/env';
import type { Moderator } from '../../ports/moderation';
import { createRuleModerator, withRulesFirst } from '../../services/moderation';
import type { PartFactories } from '../context';

/**
 * The moderator of this environment: MODERATOR=bedrock (set by the stack with the model id and the
 * grant) puts the stage's Bedrock model after the rules; otherwise (the local stack) the rules alone.
 */
function createModerator(): Moderator {
  if (optionalEnv(ENV.moderator) !== 'bedrock') return createRuleModerator();
  return withRulesFirst(createBedrockModerator());
}

export const moderationParts = {
  moderator: createModerator,
} satisfies PartFactories<'moderator'>;
