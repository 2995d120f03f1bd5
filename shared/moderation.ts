import * as z from 'zod/mini';
import { CAREERS, CATEGORIES, CONDITIONS } from './enums';

/** What the moderation judges (the spec's moderate-product request). */
export const moderationInputSchema = z.object({
  title: z.string(),
  description: z.nullable(z.string()),
  category: z.enum(CATEGORIES),
  price: z.number(),
  condition: z.enum(CONDITIONS),
  career: z.nullable(z.enum(CAREERS)),
  image: z.nullable(z.string()),
});
export type ModerationInput = z.infer<typeof moderationInputSchema>;

/** The listing's first photo, as the model sees it (checked bytes of the seller's own upload). */
export interface ModerationImage {
  type: 'image/jpeg' | 'image/png' | 'image/webp';
  bytes: Uint8Array;
}

/** The spec's moderation result: approved, warnings, suggestions, severity (high or other). */
export const moderationResultSchema = z.object({
  approved: z.boolean(),
  warnings: z.array(z.string()),
  suggestions: z.array(z.string()),
  severity: z.enum(['high', 'medium', 'low']),
});
export type ModerationResult = z.infer<typeof moderationResultSchema>;

/** The spec's answer when the moderation system fails: not approved, high severity. */
export const MODERATION_FALLBACK: ModerationResult = {
  approved: false,
  severity: 'high',
  warnings: ['Error en el sistema de moderación. Intenta nuevamente.'],
  suggestions: ['Si el problema continúa, contacta a soporte.'],
};
