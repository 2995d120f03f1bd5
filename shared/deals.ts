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

/** A person's name as deals and reviews show it: their profile's as it is now, or 'Usuario eliminado'. */
export const shownName = (profile: { full_name?: string | null } | null | undefined): string =>
  profile?.full_name?.trim() || DELETED_ACCOUNT_NAME;

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
 * held for someone ('reservado'), held for them ('reservado para ti'), sold to them ('vendido a
 * ti'), sold ('vendido'), or off sale for now ('no disponible': paused, expired, or held for review).
 */
export const PURCHASE_STATES = [
  'available',
  'reserved',
  'reserved_for_you',
  'sold_to_you',
  'sold',
  'unavailable',
] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];
export const PURCHASE_STATE_LABELS: Record<PurchaseState, string> = {
  available: 'Disponible',
  reserved: 'Reservado',
  reserved_for_you: 'Reservado para ti',
  sold_to_you: 'Vendido a ti',
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

/** How many listings 'Mis Compras' shows (the newest contacts first). */
export const PURCHASES_MAX = 50;

/**
 * A deal (issue 40): a listing's sale (or its reservation) with a named buyer, one of the people
 * who came for it. Its stages, as both sides see them:
 * - 'reserved': held for the buyer; the handoff code may already close it at the meeting;
 * - 'to_confirm': sold to the buyer, who has `DEAL_ANSWER_DAYS` to say whether they received it;
 * - 'unanswered': those days passed without an answer (no review is possible);
 * - 'confirmed': by the buyer's answer or by the handoff code typed by the seller;
 * - 'disputed': the buyer said they did not receive it (the listing stays sold; no review).
 */
export const DEAL_STATES = ['reserved', 'pending', 'confirmed', 'disputed'] as const;
export type DealState = (typeof DEAL_STATES)[number];
export const DEAL_STAGES = ['reserved', 'to_confirm', 'unanswered', 'confirmed', 'disputed'] as const;
export type DealStage = (typeof DEAL_STAGES)[number];

/** How long the buyer has to answer '¿Recibiste…?' once the sale is closed. */
export const DEAL_ANSWER_DAYS = 7;
/** Wrong handoff codes a deal takes before its code is void (the buyer's answer is then the way). */
export const HANDOFF_CODE_TRIES = 5;
export const HANDOFF_CODE_LENGTH = 6;

/** Where a deal stands at `now` (a sale past its answer window without an answer is 'unanswered'). */
export function dealStage(d: { state: DealState; answer_by?: string | null }, now: Date): DealStage {
  if (d.state === 'reserved') return 'reserved';
  if (d.state === 'confirmed') return 'confirmed';
  if (d.state === 'disputed') return 'disputed';
  return d.answer_by && Date.parse(d.answer_by) <= now.getTime() ? 'unanswered' : 'to_confirm';
}

/** The handoff code still confirms the deal: not yet confirmed or refused, and tries left. */
export const handoffOpen = (stage: DealStage, triesLeft: number) =>
  (stage === 'reserved' || stage === 'to_confirm') && triesLeft > 0;

export const DEAL_MESSAGES = {
  buyerRequired: 'Indica a quién se lo vendiste o si fue a alguien fuera de Mercado Universitario.',
  buyerInvalid: 'La persona indicada no es válida.',
  buyerNotInterested: 'Solo puedes indicar a alguien que te contactó o preguntó por esta publicación.',
  buyerSelf: 'No puedes indicarte a ti mismo como comprador.',
  /** A sale closed (or a buyer named) a second time, with someone else. */
  saleClosed: 'Esta venta ya se cerró con otra persona.',
  dealNotFound: 'No encontramos esa compra.',
  answerLate: 'El plazo para responder sobre esta compra ya terminó.',
  alreadyAnswered: 'Ya respondiste sobre esta compra.',
  codeFormat: 'El código de entrega tiene 6 dígitos.',
  codeWrong: (left: number) =>
    left === 1 ? 'Código incorrecto. Te queda 1 intento.' : `Código incorrecto. Te quedan ${left} intentos.`,
  codeVoid: 'El código de entrega ya no es válido. El comprador puede confirmar la compra desde Mis Compras.',
  codeNotNow: 'Esta venta ya no se confirma con un código.',
  notSoldYet: 'El vendedor todavía no ha marcado esta venta como cerrada.',
  confirmed: 'Entrega confirmada',
  received: '¡Gracias! Confirmaste que recibiste el producto.',
  notReceived: 'Registramos que no lo recibiste.',
} as const;

/** The seller's view of the deal of one of their listings (never the code). */
export const sellerDealSchema = z.object({
  buyer_id: z.string(),
  buyer_name: z.string(),
  stage: z.enum(DEAL_STAGES),
  answer_by: z.nullable(z.string()),
  confirmed_at: z.nullable(z.string()),
  /** Handoff codes the seller may still try (0: the code is void). */
  code_tries_left: z.number(),
  /** The seller may still review the buyer (a confirmed deal, within its window, not yet done). */
  can_review: z.boolean(),
  review_until: z.nullable(z.string()),
  /** The seller's own review is written. */
  reviewed: z.boolean(),
});
export type SellerDeal = z.infer<typeof sellerDealSchema>;

/** The buyer's view of a deal: the listing as it was named, the seller, and the code to show. */
export const buyerDealSchema = z.object({
  product_id: z.number(),
  title: z.string(),
  seller_name: z.string(),
  stage: z.enum(DEAL_STAGES),
  answer_by: z.nullable(z.string()),
  confirmed_at: z.nullable(z.string()),
  /** The handoff code, while it can still confirm the deal; null otherwise. */
  code: z.nullable(z.string()),
  /** The buyer may still review the seller (a confirmed deal, within its window, not yet done). */
  can_review: z.boolean(),
  review_until: z.nullable(z.string()),
  /** The buyer's own review is written (shown to others once both wrote or the window closed). */
  reviewed: z.boolean(),
  /**
   * The seller's review of the buyer, once visible: only the buyer reads it (a buyer's rating is
   * shown to others as an average only), and may reply once.
   */
  received_review: z.nullable(
    z.object({
      stars: z.number(),
      text: z.nullable(z.string()),
      reply_text: z.nullable(z.string()),
    }),
  ),
});
export type BuyerDeal = z.infer<typeof buyerDealSchema>;

/** The buyer's answer to '¿Recibiste «…»?'. */
export const dealAnswerBodySchema = z.strictObject({
  received: z.boolean({ error: 'Indica si recibiste el producto.' }),
});
/** The code the seller types at the meeting. */
export const handoffBodySchema = z.strictObject({
  code: z.string({ error: DEAL_MESSAGES.codeFormat }).check(z.regex(/^\d{6}$/, DEAL_MESSAGES.codeFormat)),
});
/** A named buyer: a user id as the pool writes it (a Cognito `sub`). */
export const buyerIdSchema = z
  .string({ error: DEAL_MESSAGES.buyerInvalid })
  .check(z.regex(/^[A-Za-z0-9-]{1,64}$/, DEAL_MESSAGES.buyerInvalid));

/** 'Mis Compras': what the caller came for, then their deals (those to confirm first). */
export const purchasesSchema = z.object({
  items: z.array(purchaseEntrySchema),
  deals: z.array(buyerDealSchema),
});
