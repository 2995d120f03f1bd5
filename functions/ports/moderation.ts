import type { ModerationImage, ModerationInput, ModerationResult } from '#shared/moderation';

/** Judges a listing (and its first photo) against the terms: rules locally, rules then Bedrock in AWS. Never throws. */
export interface Moderator {
  moderate(input: ModerationInput, image?: ModerationImage): Promise<ModerationResult>;
}
