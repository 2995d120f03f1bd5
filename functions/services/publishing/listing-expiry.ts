import {
  EXPIRY_MESSAGES,
  expiryFrom,
  expiryLabel,
  linkValidUntil,
  renewalCountsAsPublishing,
} from '#shared/listing-expiry';
import { API_MESSAGES } from '#shared/messages';
import { PUBLISH_MESSAGES } from '#shared/product-form';
import { REPORT_MESSAGES } from '#shared/reports';
import type { Product } from '#shared/schemas';
import { isOnOffer } from '#shared/statuses';
import type { AuthContext } from '../../commons/auth';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../commons/errors';
import { logger } from '../../commons/observability';
import type { Mailer, SendCounter } from '../../ports/accounts';
import type { ExpiryStore } from '../../ports/listing-expiry';
import type { SigningKeySource } from '../../ports/notifications';
import type { ProductRepository } from '../../ports/repositories';
import { spendAllowance } from '../accounts/codes';
import { expiryReminderMail } from '../notifications/expiry-mail';
import { type ListingLinkPurpose, signListingLink, verifyListingLink } from './listing-links';
import { publishingAllowance } from './publishing';

/** Listing expiry and renewal (issue 13, docs/decisions/030). */
export interface ExpiryDeps {
  products: ProductRepository;
  expiryStore: ExpiryStore;
  sendCounter: SendCounter;
  now: () => Date;
  /** Days a listing stays on offer after publishing or renewal (the stage's config). */
  listingExpiryDays: number;
}

/** What the mail's links need: the renewal's parts and the signing secret. */
export type ExpiryLinkDeps = ExpiryDeps & Pick<ExpiryJobDeps, 'unsubscribeKey'>;

export interface ExpiryJobDeps extends ExpiryDeps {
  mailer: Mailer;
  appUrl: () => string;
  unsubscribeKey: SigningKeySource;
}

/** Listings handled at once by a run: mails and conditional writes overlap, bounded. */
const JOB_CONCURRENCY = 8;
const JOB_PAGE = 100;

export interface ExpiryRunResult {
  /** Listings read from the index (due by the run's start). */
  due: number;
  expired: number;
  reminded: number;
  /** Listings another run, a renewal or a sale changed first (nothing done). */
  skipped: number;
  /** Reminders whose mail failed (given back: the next run mails them). */
  failed: number;
  /** False when the run stopped early (time); the next run goes on, the due listings stay due. */
  done: boolean;
}

/** The origin of the app's links, without a trailing slash. */
const originOf = (deps: Pick<ExpiryJobDeps, 'appUrl'>) => deps.appUrl().replace(/\/$/, '');

/** The reminder mail of a listing's current expiry, with its two one-click links. */
async function reminderFor(deps: ExpiryJobDeps, p: Product, now: Date) {
  const key = await deps.unsubscribeKey();
  const expiresFor = p.expires_at ?? '';
  const link = (purpose: ListingLinkPurpose) =>
    signListingLink(key, {
      purpose,
      productId: p.id,
      ownerId: p.owner_id ?? '',
      expiresFor,
      validUntil: linkValidUntil(expiresFor),
    });
  const origin = originOf(deps);
  return expiryReminderMail({
    to: p.seller_email,
    sellerName: p.seller_name,
    productTitle: p.title,
    whenText: expiryLabel(expiresFor, now),
    renewUrl: `${origin}/publicacion/renovar#token=${link('renew')}`,
    soldUrl: `${origin}/publicacion/vendida#token=${link('sold')}`,
    myProductsUrl: `${origin}/my-products`,
  });
}

/** One due listing: expire it, or mail its reminder; each at most once, whoever else runs. */
async function step(deps: ExpiryJobDeps, p: Product, now: Date): Promise<keyof ExpiryRunResult> {
  const at = now.toISOString();
  if (!p.expires_at || !isOnOffer(p.status)) return 'skipped';
  if (p.expires_at <= at) return (await deps.expiryStore.expire(p, at)) ? 'expired' : 'skipped';
  // An imported listing nobody claimed yet has no seller to mail.
  if (p.reminded_for === p.expires_at || !p.owner_id) return 'skipped';
  // Claim first: of two overlapping runs only one mails. A mail that fails gives the claim back.
  if (!(await deps.expiryStore.claimReminder(p))) return 'skipped';
  // Held for review, it cannot be renewed (the admin decides first): no mail offering it.
  if (p.held_at) return 'skipped';
  try {
    await deps.mailer.send(await reminderFor(deps, p, now));
    return 'reminded';
  } catch (error) {
    logger.warn('expiry reminder not sent; the next run retries it', { id: p.id, error: String(error) });
    await deps.expiryStore.releaseReminder(p);
    return 'failed';
  }
}

/**
 * The expiry job (hourly in AWS, on a timer locally): reads only the listings whose reminder or
 * expiry is due (gsi7, a Query in pages, never a Scan), expires the ones past their expiry and
 * mails the others' reminder. Idempotent: each change is conditional on what was read, so a
 * retry or an overlapping run skips what is done.
 */
export async function runExpiry(
  deps: ExpiryJobDeps,
  opts: { stop?: () => boolean; pageSize?: number } = {},
): Promise<ExpiryRunResult> {
  const now = deps.now();
  const result: ExpiryRunResult = { due: 0, expired: 0, reminded: 0, skipped: 0, failed: 0, done: false };
  let cursor: string | undefined;
  do {
    if (opts.stop?.()) return result;
    const page = await deps.expiryStore.due(now.toISOString(), opts.pageSize ?? JOB_PAGE, cursor);
    result.due += page.items.length;
    for (let i = 0; i < page.items.length; i += JOB_CONCURRENCY) {
      const outcomes = await Promise.all(
        page.items.slice(i, i + JOB_CONCURRENCY).map((p) => step(deps, p, now)),
      );
      for (const o of outcomes) (result[o] as number)++;
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  result.done = true;
  return result;
}

/** The renewed listing: on offer again (an expired one as active) for another full period. */
function renewed(deps: ExpiryDeps, p: Product): Product {
  return {
    ...p,
    status: p.status === 'expired' ? 'active' : p.status,
    expires_at: expiryFrom(deps.now(), deps.listingExpiryDays),
    expired_at: null,
    reminded_for: null,
  };
}

/** What the owner may not renew, as the 409 that says why. */
function refuseRenewal(p: Product): void {
  if (p.status === 'sold') throw new ConflictError(EXPIRY_MESSAGES.soldCannotRenew);
  if (p.status === 'inactive') throw new ConflictError(EXPIRY_MESSAGES.inactiveCannotRenew);
  if (p.held_at) throw new ConflictError(REPORT_MESSAGES.underReview);
}

/** A renewal long after the expiry is a new publication: it costs a daily slot. */
async function chargeIfLongExpired(deps: ExpiryDeps, p: Product): Promise<void> {
  if (p.status === 'expired' && renewalCountsAsPublishing(p.expired_at, deps.now())) {
    const slot = publishingAllowance(String(p.owner_id));
    await spendAllowance(deps, slot.subject, slot);
  }
}

const RENEW_ROUNDS = 3;

/**
 * 'Renovar' in the seller's lists: an expired listing is on offer again at once, an active or
 * reserved one gets a new full period. Anyone else's listing is "not found" (no probing of ids).
 */
export async function renewOwnProduct(deps: ExpiryDeps, auth: AuthContext, id: number): Promise<Product> {
  for (let round = 0; round < RENEW_ROUNDS; round++) {
    const current = await deps.products.get(id, { consistent: true });
    if (!current || current.owner_id !== auth.userId) throw new NotFoundError(API_MESSAGES.productNotFound);
    refuseRenewal(current);
    await chargeIfLongExpired(deps, current);
    const next = renewed(deps, current);
    if (await deps.expiryStore.replace(current, next)) return next;
  }
  throw new ConflictError(API_MESSAGES.internal);
}

export interface LinkResult {
  result: 'renewed' | 'sold';
  product: { id: number; title: string; status: Product['status'] };
}

/** The listing a mail's link names, checked: the link's own, for the expiry it was mailed for. */
async function linkedListing(
  deps: ExpiryLinkDeps,
  token: string,
  purpose: ListingLinkPurpose,
): Promise<Product> {
  const check = verifyListingLink(await deps.unsubscribeKey(), token, purpose, deps.now());
  if (!check.ok)
    throw new BadRequestError(
      check.reason === 'expired' ? EXPIRY_MESSAGES.expiredLink : EXPIRY_MESSAGES.invalidLink,
    );
  const { claims } = check;
  const product = await deps.products.get(claims.productId, { consistent: true });
  if (!product) throw new NotFoundError(EXPIRY_MESSAGES.listingGone);
  if (product.owner_id !== claims.ownerId) throw new ForbiddenError(EXPIRY_MESSAGES.notYourListing);
  if (purpose === 'sold' && product.status === 'sold') throw new ConflictError(EXPIRY_MESSAGES.alreadySold);
  // Renewed since (by this link or in the app): this link's expiry is over.
  if (product.expires_at !== claims.expiresFor) throw new ConflictError(EXPIRY_MESSAGES.usedLink);
  return product;
}

const linkAnswer = (result: LinkResult['result'], p: Product): LinkResult => ({
  result,
  product: { id: p.id, title: p.title, status: p.status },
});

/** The reminder's 'Renovar': no session, the token is the credential; works once. */
export async function renewByLink(deps: ExpiryLinkDeps, token: string): Promise<LinkResult> {
  const current = await linkedListing(deps, token, 'renew');
  refuseRenewal(current);
  await chargeIfLongExpired(deps, current);
  const next = renewed(deps, current);
  if (!(await deps.expiryStore.replace(current, next))) throw new ConflictError(EXPIRY_MESSAGES.usedLink);
  return linkAnswer('renewed', next);
}

/** The reminder's 'Ya la vendí': marks the listing sold, once, without a session. */
export async function sellByLink(deps: ExpiryLinkDeps, token: string): Promise<LinkResult> {
  const current = await linkedListing(deps, token, 'sold');
  if (current.held_at) throw new ConflictError(REPORT_MESSAGES.underReview);
  if (current.status === 'inactive') throw new ConflictError(PUBLISH_MESSAGES.deactivatedByAdmin);
  const next: Product = { ...current, status: 'sold', reminded_for: null };
  if (!(await deps.expiryStore.replace(current, next))) throw new ConflictError(EXPIRY_MESSAGES.usedLink);
  return linkAnswer('sold', next);
}
