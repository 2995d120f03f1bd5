import type { ModerationInput, ModerationResult } from '../../shared/moderation';

/** Judges a listing against the terms (rules locally, rules then Bedrock in AWS). Never throws. */
export interface Moderator {
  moderate(input: ModerationInput): Promise<ModerationResult>;
}
