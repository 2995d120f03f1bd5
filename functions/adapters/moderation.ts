import { ENV, optionalEnv } from '../commons/env';
import type { Moderator } from '../ports/moderation';
import { createRuleModerator, withRulesFirst } from '../services/moderation';

/**
 * The moderator of this environment: MODERATOR=bedrock (set by the stack on moderation routes)
 * puts the stage's Bedrock model after the rules; otherwise (the local stack) the rules alone.
 */
export async function createModerator(): Promise<Moderator> {
  if (optionalEnv(ENV.moderator) !== 'bedrock') return createRuleModerator();
  const { createBedrockModerator } = await import('./bedrock/moderator');
  return withRulesFirst(createBedrockModerator());
}
