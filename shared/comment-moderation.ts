import * as z from 'zod/mini';

/**
 * The spec's moderate-comment function: what it judges (a question or an answer, with the product's
 * title as context; issue 40 adds a deal's review and its reply, judged by the same rules) and its result {approved, warnings, suggestions, severity, reason}.
 */
export const COMMENT_TYPES = ['question', 'answer', 'review', 'reply'] as const;
export type CommentType = (typeof COMMENT_TYPES)[number];

export interface CommentModerationInput {
  text: string;
  type: CommentType;
  /** The product's title: what the comment is about. */
  context: string;
}

export const commentModerationResultSchema = z.object({
  approved: z.boolean(),
  warnings: z.array(z.string()),
  suggestions: z.array(z.string()),
  severity: z.enum(['high', 'medium', 'low']),
  /** Why, in one Spanish sentence: shown after 'Pregunta rechazada' / 'Respuesta rechazada'. */
  reason: z.string(),
});
export type CommentModerationResult = z.infer<typeof commentModerationResultSchema>;

/** The spec's answer when the moderation system fails: not approved, high, its own reason. */
export const COMMENT_MODERATION_FALLBACK: CommentModerationResult = {
  approved: false,
  severity: 'high',
  warnings: ['Error en el sistema de moderación. Intenta nuevamente.'],
  suggestions: ['Si el problema continúa, contacta a soporte.'],
  reason: 'Error del sistema de moderación',
};

/** The verdict is the failure fallback (the model could not judge), not a judgement of the text. */
export const isModerationFailure = (result: CommentModerationResult): boolean =>
  !result.approved && result.reason === COMMENT_MODERATION_FALLBACK.reason;
