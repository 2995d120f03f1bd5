import type { InterestRepository, ReviewRepository } from '../../ports/deals';
import type { ModerationImage, ModerationInput, ModerationResult } from '#shared/moderation';
import { type CreateProductBody, type ListingFields, PUBLISH_MESSAGES } from '#shared/product-form';
import { API_MESSAGES } from '#shared/messages';
import { expiryFrom } from '#shared/listing-expiry';
import type { Product } from '#shared/schemas';
import { isListed } from '#shared/table';
import { BadRequestError, ForbiddenError, NotFoundError, writeOutcomeUnknown } from '../../commons/errors';
import type { AuthContext } from '../../commons/auth';
import { type DealDeps, type OwnListing, withDeals } from '../deals/deals';
import type { Allowance, IdempotencyClaim } from '../../ports/idempotency';
import type { Moderator } from '../../ports/moderation';
import type { ProductRepository, UniversityRepository } from '../../ports/repositories';
import { domainOfEmail, emailInDomain } from '#shared/account-schemas';
import { universityDomainRefusal } from '#shared/university-domains';
import { type AccountDeps, getProfile } from '../accounts/accounts';
import { ensureAllowance, spendAllowance } from '../accounts/codes';
import {
  type CheckedUpload,
  checkUploads,
  type ImageDeps,
  ownImageKeys,
  productImageKey,
  servedPath,
} from './images';
import { LIMITS } from '#shared/limits';
import type { ImageVariants } from '#shared/photos';
import { drawUploads, type PhotoVariantDeps, storeDrawn } from './photo-variants';
import { METRIC } from '../../commons/metric-names';
import { countMetric, logger } from '../../commons/observability';
import { DAY_MS, HOUR_MS } from '../../commons/time';
import { sellerRatingOf } from '../deals/listing-ratings';

/** Per-user ceilings: listings cost moderation calls and index space; checks cost model calls. */
export const DAILY_LISTING_LIMIT = 20;
export const MODERATION_CHECKS_PER_HOUR = 30;
/**
 * Model calls of publishing per user and day. The daily slots count only listings written (decision
 * 041), so refused and failed attempts are bounded here instead: room for each slot to be tried
 * three times.
 */
export const PUBLISH_MODERATIONS_PER_DAY = 3 * DAILY_LISTING_LIMIT;

/** The daily slots of publishing (a renewal long after the expiry spends one too, decision 030). */
export const publishingAllowance = (userId: string): Allowance => ({
  subject: `publish:${userId}`,
  max: DAILY_LISTING_LIMIT,
  windowMs: DAY_MS,
  message: PUBLISH_MESSAGES.dailyLimit,
});
/** An owner's list is read whole: the daily limit keeps it far below this. */
export const OWN_LIST_MAX = 500;

export interface PublishingDeps
  extends Pick<AccountDeps, 'profiles' | 'sendCounter' | 'now'>,
    ImageDeps,
    Pick<PhotoVariantDeps, 'photoResizer'> {
  products: ProductRepository;
  universities: UniversityRepository;
  moderator: Moderator;
  /** Days a listing stays on offer before it expires (decision 030). */
  listingExpiryDays: number;
  /** The seller's rating, stamped on the new listing (issue 40). */
  reviews: Pick<ReviewRepository, 'reputation'>;
}

const moderationInput = (fields: ListingFields, image: string | null): ModerationInput => ({
  title: fields.title,
  description: fields.description,
  category: fields.category,
  price: fields.price,
  condition: fields.condition,
  career: fields.career,
  image,
});

/** The bytes of a checked upload, for the model to look at (at most 5 MB, as checked). */
async function moderationImage(deps: PublishingDeps, upload: CheckedUpload): Promise<ModerationImage> {
  return { type: upload.type, bytes: await deps.images.readStart(upload.key, LIMITS.imageMaxBytes) };
}

/** 'Verificar contenido con IA': the same judgement the server applies on publishing. */
export async function checkListing(
  deps: PublishingDeps,
  auth: AuthContext,
  fields: ListingFields & { image_key: string | null },
): Promise<ModerationResult> {
  await spendAllowance(deps, `moderation:${auth.userId}`, {
    max: MODERATION_CHECKS_PER_HOUR,
    windowMs: HOUR_MS,
    message: PUBLISH_MESSAGES.moderationLimit,
  });
  const photo = fields.image_key ? (await checkUploads(deps, auth, [fields.image_key]))[0] : undefined;
  const verdict = await deps.moderator.moderate(
    moderationInput(fields, null),
    photo && (await moderationImage(deps, photo)),
  );
  if (!verdict.approved) countMetric(METRIC.moderationRejections);
  return verdict;
}

/** The spec's seller name: full name, else the e-mail's local part, else 'Usuario'. */
export function sellerName(fullName: string | null, email: string | null): string {
  const name = fullName?.trim();
  if (name) return name;
  const local = email?.split('@')[0]?.trim();
  return local || 'Usuario';
}

/**
 * Publishes a listing: only a verified institutional e-mail, only for that e-mail's university,
 * always moderated here (a client cannot skip it), at most DAILY_LISTING_LIMIT a day. The product,
 * the request's first answer and the daily slot are one transaction (decision 041): a retry of a
 * written publication is answered by the router with the first product, and a publication that is
 * refused or fails costs no slot.
 */
export async function publishProduct(
  deps: PublishingDeps,
  auth: AuthContext,
  body: CreateProductBody,
  claim: IdempotencyClaim,
): Promise<Product> {
  const profile = await getProfile(deps, auth);
  if (!profile.university_email_verified || !profile.university_id || !profile.university_email)
    throw new ForbiddenError(PUBLISH_MESSAGES.mustVerify);
  // Whatever the profile says, the university must still be there (a deleted one, or one being
  // deleted, takes no listing) and still have the address's domain (decision 042).
  const own = await deps.universities.get(profile.university_id);
  if (!own) throw new ForbiddenError(PUBLISH_MESSAGES.universityGone);
  // Old data: a university with a public provider's domain or a shared suffix proves nobody.
  if (universityDomainRefusal(own.email_domain))
    throw new ForbiddenError(PUBLISH_MESSAGES.domainNotInstitutional);
  if (!emailInDomain(profile.university_email, own.email_domain))
    throw new ForbiddenError(PUBLISH_MESSAGES.verifyAgain.replace('{domain}', own.email_domain));
  if (body.university_id !== profile.university_id)
    throw new ForbiddenError(PUBLISH_MESSAGES.onlyOwnUniversity.replace('{university}', own.name));
  // The photos are checked before anything is spent (a moderation call, a daily slot, an id).
  const uploads = await checkUploads(deps, auth, body.images);
  // No slot left: refused before the model and the photo sizes. The slot itself is spent with the write.
  const slot = publishingAllowance(auth.userId);
  await ensureAllowance(deps, slot);
  await spendAllowance(deps, `publish-model:${auth.userId}`, {
    max: PUBLISH_MODERATIONS_PER_DAY,
    windowMs: DAY_MS,
    message: PUBLISH_MESSAGES.moderationLimit,
  });
  const verdict = await deps.moderator.moderate(
    moderationInput(body, null),
    uploads[0] && (await moderationImage(deps, uploads[0])),
  );
  if (!verdict.approved) {
    countMetric(METRIC.moderationRejections);
    throw new BadRequestError(
      PUBLISH_MESSAGES.rejected,
      verdict.warnings.map((message) => ({ path: 'moderation', message })),
    );
  }
  // The photos as stored (re-encoded from their pixels, decision 009) and their card and gallery
  // sizes (decision 022), drawn before anything is spent: a photo that passed the header check but
  // does not decode is refused here, with nothing written.
  const [drawn, reputation] = await Promise.all([
    drawUploads(deps, uploads, LIMITS.imageMaxBytes),
    deps.reviews.reputation(auth.userId),
  ]);
  const rating = sellerRatingOf(reputation);
  const now = deps.now();
  const id = await deps.products.nextId();
  // Never the uploaded bytes: what a file carried besides its pixels (metadata, an appended page
  // or archive) is not in what the site serves.
  const images = uploads.map((u, i) => servedPath(productImageKey(id, i + 1, u.type)));
  let imageKeys: string[];
  try {
    imageKeys = (await Promise.all(images.map((path, i) => storeDrawn(deps, path, drawn[i])))).flat();
  } catch (err) {
    await deps.images
      .delete(ownImageKeys(id, images))
      .catch((e: unknown) => logger.warn('orphan images left', { id, error: String(e) }));
    throw err;
  }
  const image_variants: ImageVariants = Object.fromEntries(
    images.map((path, i) => [path, drawn[i].variants]),
  );
  const product: Product = {
    id,
    title: body.title,
    description: body.description,
    price: body.price,
    category: body.category,
    condition: body.condition,
    career: body.career,
    image: images[0] ?? null,
    images,
    ...(images.length > 0 ? { image_variants, photos_reencoded: true } : {}),
    tags: body.tags,
    seller_name: sellerName(profile.full_name, auth.email ?? profile.email),
    seller_email: auth.email ?? profile.email,
    whatsapp_number: body.whatsapp_number,
    university_id: profile.university_id,
    status: 'active',
    owner_id: auth.userId,
    created_at: now.toISOString(),
    expires_at: expiryFrom(now, deps.listingExpiryDays),
    // Kept right afterwards by the stream if the average moves meanwhile (listing-ratings.ts).
    ...(rating ? { seller_rating: rating } : {}),
  };
  try {
    const terms = { record: claim.record(product), allowances: [slot], now: now.getTime() };
    // A fresh id from the atomic counter: the id can only be taken on a corrupt counter. The write
    // checks the university again: its deletion may have begun while the photos were moderated.
    const written = await deps.products.publish(product, domainOfEmail(profile.university_email), terms);
    if (written === 'closed') throw new ForbiddenError(PUBLISH_MESSAGES.universityGone);
    if (written === 'idTaken') throw new Error(`product id ${product.id} already taken`);
  } catch (err) {
    // A write that timed out may still land, with these photos: they stay (a retry is answered
    // with that product, or publishes anew under another id, leaving these unreferenced).
    if (writeOutcomeUnknown(err)) {
      logger.warn('product write outcome unknown: its photos are kept', { id });
      throw err;
    }
    // Refused or not sent: nothing half-written, the stored photos go.
    await deps.images
      .delete(imageKeys)
      .catch((e: unknown) => logger.warn('orphan images left', { id, error: String(e) }));
    throw err;
  }
  countMetric(METRIC.productsPublished);
  // The uploads were drawn into the product's photos; the bucket's lifecycle rule would expire them anyway.
  await deps.images.delete(uploads.map((u) => u.key)).catch(() => undefined);
  return product;
}

/** Numbers a user may look up per hour: enough to shop, too few to harvest sellers' phones. */
export const CONTACTS_PER_HOUR = 60;

/**
 * The seller's WhatsApp, for a signed-in buyer; only while the product is listed (on sale, not held
 * for review). The seller asking for their own is refused (their page shows no contact button).
 */
export async function sellerContact(
  deps: Pick<PublishingDeps, 'products' | 'sendCounter' | 'now'> & {
    interests: Pick<InterestRepository, 'record'>;
  },
  auth: AuthContext,
  id: number,
): Promise<{ whatsapp_number: string | null; seller_name: string }> {
  const product = await deps.products.get(id);
  if (!product || !isListed(product)) throw new NotFoundError(API_MESSAGES.productNotFound);
  if (product.owner_id === auth.userId) throw new ForbiddenError(PUBLISH_MESSAGES.contactOwn);
  await spendAllowance(deps, `contact:${auth.userId}`, {
    max: CONTACTS_PER_HOUR,
    windowMs: HOUR_MS,
    message: PUBLISH_MESSAGES.contactLimit,
  });
  // The caller came for the listing (issue 40): the seller may close a sale with them.
  await deps.interests.record(id, auth.userId, 'contact', deps.now().toISOString());
  return { whatsapp_number: product.whatsapp_number, seller_name: product.seller_name };
}

/** The caller's listings, every status, newest first, each with its deal (issue 40). */
export async function listOwnProducts(
  deps: PublishingDeps & Pick<DealDeps, 'deals'>,
  auth: AuthContext,
): Promise<{ items: OwnListing[] }> {
  return { items: await withDeals(deps, await deps.products.listByOwner(auth.userId, OWN_LIST_MAX)) };
}

/** Deletes the caller's own product and its images. */
export async function deleteOwnProduct(
  deps: PublishingDeps,
  auth: AuthContext,
  id: number,
): Promise<{ id: number; deleted: true }> {
  const deleted = await deps.products.deleteOwned(id, auth.userId);
  if (!deleted) throw new NotFoundError(API_MESSAGES.productNotFound);
  // Its photos go with it (after the row: a failure here leaves files, never a broken product).
  await deps.images
    .delete(ownImageKeys(id, deleted.images))
    .catch((e: unknown) => logger.warn('product images not deleted', { id, error: String(e) }));
  return { id, deleted: true };
}
