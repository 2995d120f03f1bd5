import * as z from 'zod/mini';
import { productSummarySchema } from './schemas';

/**
 * Deals and reputation (issue 40). First part: who came for a listing — the signed-in people who
 * contacted its seller ('Contactar por WhatsApp', after the safety tips) or asked a question, with
 * when. Only the seller sees them, with names: they are whom a sale can be closed with.
 */

/** How a person came for a listing. */
export const INTEREST_KINDS = ['contact', 'question'] as const;
export type InterestKind = (typeof INTEREST_KINDS)[number];

/** The name shown for an account that no longer exists. */
export const DELETED_ACCOUNT_NAME = 'Usuario eliminado';

/** One person on the seller's list. */
export const interestedPersonSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  /** Their institutional e-mail is verified (the global marketplace lets other universities in). */
  verified: z.boolean(),
  /** When they first asked for the seller's number, or null. */
  contacted_at: z.nullable(z.string()),
  /** When they first asked a question, or null. */
  asked_at: z.nullable(z.string()),
  /** Their latest contact or question. */
  last_at: z.string(),
});
export type InterestedPerson = z.infer<typeof interestedPersonSchema>;

export const interestedListSchema = z.object({ items: z.array(interestedPersonSchema) });

/**
 * Where a listing a person came for stands now, as 'Mis Compras' says it: on sale ('disponible'),
 * held for someone ('reservado'), sold ('vendido'), or off sale for now ('no disponible': paused,
 * expired, or held for review).
 */
export const PURCHASE_STATES = ['available', 'reserved', 'sold', 'unavailable'] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];
export const PURCHASE_STATE_LABELS: Record<PurchaseState, string> = {
  available: 'Disponible',
  reserved: 'Reservado',
  sold: 'Vendido',
  unavailable: 'No disponible',
};

/** A listing on the caller's 'Mis Compras': the listing, its state, and how they came for it. */
export const purchaseEntrySchema = z.object({
  product: productSummarySchema,
  state: z.enum(PURCHASE_STATES),
  contacted_at: z.nullable(z.string()),
  asked_at: z.nullable(z.string()),
  last_at: z.string(),
});
export type PurchaseEntry = z.infer<typeof purchaseEntrySchema>;
export const purchasesSchema = z.object({ items: z.array(purchaseEntrySchema) });

/** How many listings 'Mis Compras' shows (the newest contacts first). */
export const PURCHASES_MAX = 50;
