import { MODERATION_FALLBACK } from '../../shared/moderation';
import type { Moderator } from '../ports/moderation';

/**
 * The moderator of this environment. Until a moderator is configured, every listing gets the
 * spec's failure answer (not approved): publishing fails closed, never open.
 */
export async function createModerator(): Promise<Moderator> {
  return { moderate: async () => MODERATION_FALLBACK };
}
