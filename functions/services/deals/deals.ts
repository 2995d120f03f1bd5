import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  type BuyerDeal,
  DEAL_ANSWER_DAYS,
  DEAL_MESSAGES,
  dealStage,
  HANDOFF_CODE_LENGTH,
  HANDOFF_CODE_TRIES,
  handoffOpen,
  type SellerDeal,
  shownName,
} from '#shared/deals';
import { EXPIRY_MESSAGES } from '#shared/listing-expiry';
import { API_MESSAGES } from '#shared/messages';
import { PUBLISH_MESSAGES } from '#shared/product-form';
import { REPORT_MESSAGES } from '#shared/reports';
import type { Product } from '#shared/schemas';
import { OWNER_TRANSITIONS } from '#shared/statuses';
import type { AuthContext } from '../../commons/auth';
import { BadRequestError, ConflictError, NotFoundError } from '../../commons/errors';
import type { ProfileRepository } from '../../ports/accounts';
import type { Deal, DealChange, DealRepository, InterestRepository, Review } from '../../ports/deals';
import type { ProductRepository } from '../../ports/repositories';
import { mayReview, reviewUntil } from './reviews';

/**
 * Deals (issue 40): a sale, or a reservation, closed with one of the people who came for the
 * listing; the buyer's answer; the handoff code the seller types at the meeting. Every write is one
 * transaction conditioned on what was read (the product and its deal), so a race is re-read and a
 * retry answers what the first call did.
 */
export interface DealDeps {
  products: Pick<ProductRepository, 'get' | 'getMany'>;
  deals: DealRepository;
  interests: Pick<InterestRepository, 'has'>;
  profiles: Pick<ProfileRepository, 'get'>;
  now: () => Date;
}

/** Rounds a change re-reads when the product or its deal changed under it (a race, never a loop). */
const ROUNDS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The owner's view of a listing with its deal. */
export type OwnListing = Product & { deal: SellerDeal | null };

/**
 * The deal that belongs to the listing as it stands: a reservation only while the listing is
 * reserved (a listing that left 'reserved' by another path, expiry or an admin, left it behind).
 */
export const liveDeal = (
  product: Pick<Product, 'status'> | null | undefined,
  deal: Deal | null,
): Deal | null => (deal && (deal.state !== 'reserved' || product?.status === 'reserved') ? deal : null);

const nameOf = async (deps: Pick<DealDeps, 'profiles'>, userId: string) =>
  shownName(await deps.profiles.get(userId));

async function sellerView(
  deps: Pick<DealDeps, 'profiles' | 'now'>,
  deal: Deal | null,
): Promise<SellerDeal | null> {
  if (!deal) return null;
  return {
    buyer_id: deal.buyer_id,
    buyer_name: await nameOf(deps, deal.buyer_id),
    stage: dealStage(deal, deps.now()),
    answer_by: deal.answer_by ?? null,
    confirmed_at: deal.confirmed_at ?? null,
    code_tries_left: Math.max(0, HANDOFF_CODE_TRIES - deal.code_tries),
    can_review: mayReview(deal, 'seller', deps.now()),
    review_until: deal.review_until ?? null,
    reviewed: deal.seller_reviewed === true,
  };
}

/** The seller's listings with their deals (one BatchGet for the listings that can have one). */
export async function withDeals(
  deps: Pick<DealDeps, 'deals' | 'profiles' | 'now'>,
  products: readonly Product[],
): Promise<OwnListing[]> {
  const dealt = products.filter((p) => p.status === 'reserved' || p.status === 'sold');
  const deals = dealt.length > 0 ? await deps.deals.getMany(dealt.map((p) => p.id)) : [];
  const byId = new Map(dealt.map((p, i) => [p.id, liveDeal(p, deals[i] ?? null)]));
  return Promise.all(
    products.map(async (p) => ({ ...p, deal: await sellerView(deps, byId.get(p.id) ?? null) })),
  );
}

const newCode = () => String(randomInt(0, 10 ** HANDOFF_CODE_LENGTH)).padStart(HANDOFF_CODE_LENGTH, '0');

/**
 * The owner's status changes (OWNER_TRANSITIONS: active ↔ reserved → sold), by the owner only;
 * anyone else's product is "not found" (no probing of ids). 'reserved' and 'sold' may name the
 * buyer (`buyerId`): one of the people who came for the listing, never the seller. Asking for what
 * the listing already is answers it unchanged, so a retried request is harmless; a sale closed
 * again with someone else is refused.
 */
export async function changeOwnStatus(
  deps: DealDeps,
  auth: AuthContext,
  id: number,
  to: 'active' | 'reserved' | 'sold',
  buyerId: string | null,
): Promise<OwnListing> {
  for (let round = 0; round < ROUNDS; round++) {
    const product = await deps.products.get(id, { consistent: true });
    if (!product || product.owner_id !== auth.userId) throw new NotFoundError(API_MESSAGES.productNotFound);
    if (buyerId !== null && to === 'active') throw new BadRequestError(DEAL_MESSAGES.buyerInvalid);
    if (buyerId === auth.userId) throw new BadRequestError(DEAL_MESSAGES.buyerSelf);
    const stored = await deps.deals.get(id);
    const deal = liveDeal(product, stored);
    const same = (deal?.buyer_id ?? null) === buyerId;
    if (product.status === to && (same || to === 'active'))
      return { ...product, deal: await sellerView(deps, deal) };
    if (product.status === 'sold') {
      throw new ConflictError(to === 'sold' ? DEAL_MESSAGES.saleClosed : PUBLISH_MESSAGES.soldIsFinal);
    }
    if (product.held_at) throw new ConflictError(REPORT_MESSAGES.underReview);
    if (product.status === 'inactive') throw new ConflictError(PUBLISH_MESSAGES.deactivatedByAdmin);
    // An expired listing comes back only by renewal (decision 030), which may cost a daily slot.
    if (product.status === 'expired' && to !== 'sold') throw new ConflictError(EXPIRY_MESSAGES.renewToShow);
    if (product.status !== to && !OWNER_TRANSITIONS[product.status].includes(to)) {
      throw new BadRequestError(PUBLISH_MESSAGES.onlySold);
    }
    if (buyerId !== null && !(await deps.interests.has(id, buyerId))) {
      throw new BadRequestError(DEAL_MESSAGES.buyerNotInterested);
    }

    const at = deps.now();
    let change: DealChange;
    if (buyerId === null) {
      change = stored ? { kind: 'drop', deal: stored } : { kind: 'keep', deal: null };
    } else if (to === 'sold' && deal?.state === 'reserved' && deal.buyer_id === buyerId) {
      // The reservation becomes the sale: the same code, the tries it has had.
      change = { kind: 'name', deal: soldNow(deal, at), replacing: deal };
    } else {
      const named: Deal = {
        product_id: id,
        seller_id: auth.userId,
        buyer_id: buyerId,
        title: product.title,
        state: 'reserved',
        named_at: at.toISOString(),
        code: newCode(),
        code_tries: 0,
      };
      change = { kind: 'name', deal: to === 'sold' ? soldNow(named, at) : named, replacing: stored };
    }
    const done = await deps.deals.changeStatus(product, to, change);
    if (done) return { ...done.product, deal: await sellerView(deps, done.deal) };
  }
  throw new ConflictError(API_MESSAGES.internal);
}

const soldNow = (deal: Deal, at: Date): Deal => ({
  ...deal,
  state: 'pending',
  sold_at: at.toISOString(),
  answer_by: new Date(at.getTime() + DEAL_ANSWER_DAYS * DAY_MS).toISOString(),
});

/**
 * The buyer's answer to '¿Recibiste «…»?': 'Sí, lo recibí' confirms the deal; 'No lo recibí' marks
 * it disputed (the listing stays sold, neither side may review). Only the named buyer, only while
 * the sale waits for the answer; the same answer again answers the deal unchanged.
 */
export async function answerDeal(
  deps: DealDeps,
  auth: AuthContext,
  productId: number,
  received: boolean,
): Promise<BuyerDeal> {
  for (let round = 0; round < ROUNDS; round++) {
    const deal = await deps.deals.get(productId);
    if (!deal || deal.buyer_id !== auth.userId) throw new NotFoundError(DEAL_MESSAGES.dealNotFound);
    const now = deps.now();
    const stage = dealStage(deal, now);
    if ((stage === 'confirmed' && received) || (stage === 'disputed' && !received))
      return buyerView(deps, deal);
    if (stage === 'confirmed' || stage === 'disputed') throw new ConflictError(DEAL_MESSAGES.alreadyAnswered);
    if (stage === 'unanswered') throw new ConflictError(DEAL_MESSAGES.answerLate);
    if (stage === 'reserved') throw new ConflictError(DEAL_MESSAGES.notSoldYet);
    const at = now.toISOString();
    const next: Deal = received
      ? {
          ...deal,
          state: 'confirmed',
          confirmed_at: at,
          confirmed_by: 'buyer',
          review_until: reviewUntil(now),
        }
      : { ...deal, state: 'disputed', disputed_at: at };
    if (await deps.deals.settle(deal, next)) return buyerView(deps, next);
  }
  throw new ConflictError(API_MESSAGES.internal);
}

const sameCode = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/**
 * The handoff code the seller types at the meeting: the buyer's code confirms the deal at once (a
 * reserved listing is sold with it). Each wrong code counts; after `HANDOFF_CODE_TRIES` the code is
 * void and only the buyer's answer confirms. The seller's own listings only.
 */
export async function enterHandoffCode(
  deps: DealDeps,
  auth: AuthContext,
  productId: number,
  code: string,
): Promise<OwnListing> {
  for (let round = 0; round < ROUNDS; round++) {
    const product = await deps.products.get(productId, { consistent: true });
    if (!product || product.owner_id !== auth.userId) throw new NotFoundError(API_MESSAGES.productNotFound);
    const deal = liveDeal(product, await deps.deals.get(productId));
    if (!deal) throw new ConflictError(DEAL_MESSAGES.codeNotNow);
    const now = deps.now();
    const stage = dealStage(deal, now);
    if (stage === 'confirmed') return { ...product, deal: await sellerView(deps, deal) };
    const left = HANDOFF_CODE_TRIES - deal.code_tries;
    if (!handoffOpen(stage, left)) {
      throw new ConflictError(left <= 0 ? DEAL_MESSAGES.codeVoid : DEAL_MESSAGES.codeNotNow);
    }
    if (product.held_at) throw new ConflictError(REPORT_MESSAGES.underReview);
    if (!sameCode(code, deal.code)) {
      const tried: Deal = { ...deal, code_tries: deal.code_tries + 1 };
      if (!(await deps.deals.settle(deal, tried))) continue;
      throw new BadRequestError(left - 1 <= 0 ? DEAL_MESSAGES.codeVoid : DEAL_MESSAGES.codeWrong(left - 1));
    }
    const at = now.toISOString();
    const confirmed: Deal = {
      ...(stage === 'reserved' ? soldNow(deal, now) : deal),
      state: 'confirmed',
      confirmed_at: at,
      confirmed_by: 'code',
      review_until: reviewUntil(now),
    };
    const sell = product.status === 'reserved' ? product : undefined;
    if (await deps.deals.settle(deal, confirmed, { sell })) {
      return { ...product, status: 'sold', deal: await sellerView(deps, confirmed) };
    }
  }
  throw new ConflictError(API_MESSAGES.internal);
}

/**
 * The buyer's view of a deal: the code while it can still confirm it, and the seller's review of
 * them once visible (`received`: read by the caller for the confirmed deals only).
 */
export async function buyerView(
  deps: Pick<DealDeps, 'profiles' | 'now'>,
  deal: Deal,
  received: Review | null = null,
): Promise<BuyerDeal> {
  const stage = dealStage(deal, deps.now());
  const shown = received?.visible_at && !received.hidden_at ? received : null;
  return {
    product_id: deal.product_id,
    title: deal.title,
    seller_name: await nameOf(deps, deal.seller_id),
    stage,
    answer_by: deal.answer_by ?? null,
    confirmed_at: deal.confirmed_at ?? null,
    code: handoffOpen(stage, HANDOFF_CODE_TRIES - deal.code_tries) ? deal.code : null,
    can_review: mayReview(deal, 'buyer', deps.now()),
    review_until: deal.review_until ?? null,
    reviewed: deal.buyer_reviewed === true,
    received_review: shown
      ? { stars: shown.stars, text: shown.text, reply_text: shown.reply_text ?? null }
      : null,
  };
}
