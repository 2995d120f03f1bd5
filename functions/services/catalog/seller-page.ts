import { API_MESSAGES } from '#shared/messages';
import { isListed } from '#shared/table';
import type { MeetingPoint, Seller } from '#shared/trust';
import { TRUST_MESSAGES } from '#shared/trust-messages';
import { NotFoundError } from '../../commons/errors';
import type { UniversityRepository } from '../../ports/repositories';
import type { StoredMeetingPoint, TrustStore } from '../../ports/trust';
import { reputationOf, type ReviewDeps, sellerReviews } from '../deals/reviews';
import { productSummary } from './product-summary';

/**
 * Who the seller is and meeting safely (issue 14; docs/decisions/032): the public seller page, the
 * universities' meeting points (public read, admin writes audited in the same transaction) and the
 * seller's switch for their sold listings.
 */
export interface TrustDeps extends Pick<ReviewDeps, 'reviews' | 'profiles'> {
  trust: TrustStore;
  universities: UniversityRepository;
}

/** Most listings of each kind the seller page carries (the counts are exact whatever the number). */
export const SELLER_PAGE_LISTINGS = 48;

const month = (iso: string | null): string | null =>
  iso && /^\d{4}-\d{2}/.test(iso) ? iso.slice(0, 7) : null;

/**
 * GET /api/sellers/{id}: one GetItem (the profile) and one Query (the owner index, every page), so
 * the counts are exact by construction — no counter to drift under concurrent publishing and
 * selling. 'Active' is what is listed (isListed: active or reserved, not held for review); 'sold' is
 * sold. Nothing private: the response schema has no e-mail, phone or national id, and the router
 * strips whatever it does not declare.
 */
export async function getSeller(deps: TrustDeps, id: string): Promise<Seller> {
  const [profile, products, reputation, reviews] = await Promise.all([
    deps.trust.sellerProfile(id),
    deps.trust.sellerProducts(id),
    reputationOf(deps, id),
    sellerReviews(deps, id),
  ]);
  if (!profile) throw new NotFoundError(TRUST_MESSAGES.sellerNotFound);
  const verified = profile.university_email_verified && !!profile.university_id;
  const university =
    verified && profile.university_id ? await deps.universities.get(profile.university_id) : null;
  const active = products.filter(isListed);
  const sold = products.filter((p) => p.status === 'sold');
  return {
    id: profile.user_id,
    display_name: profile.full_name?.trim() || products[0]?.seller_name || 'Vendedor',
    university_id: verified ? profile.university_id : null,
    university_name: university?.name ?? null,
    verified,
    verified_month: verified ? month(profile.university_email_verified_at) : null,
    member_since: month(profile.created_at) ?? profile.created_at.slice(0, 7),
    active_count: active.length,
    sold_count: sold.length,
    sold_hidden: profile.seller_hide_sold,
    listings: active.slice(0, SELLER_PAGE_LISTINGS).map(productSummary),
    sold_listings: profile.seller_hide_sold ? [] : sold.slice(0, SELLER_PAGE_LISTINGS).map(productSummary),
    reputation,
    reviews,
  };
}

// ------------------------------------------------------------------ meeting points (public read)

export const publicPoint = ({ updated_at: _u, ...p }: StoredMeetingPoint): MeetingPoint => p;
export const pointSnapshot = (p: MeetingPoint) => ({
  meeting_point_id: p.id,
  name: p.name,
  description: p.description,
  hours: p.hours,
});

/** GET /api/universities/{id}/meeting-points: an unknown university is a 404. */
export async function listMeetingPoints(
  deps: TrustDeps,
  universityId: string,
): Promise<{ items: MeetingPoint[] }> {
  const [university, points] = await Promise.all([
    deps.universities.get(universityId),
    deps.trust.listMeetingPoints(universityId),
  ]);
  if (!university) throw new NotFoundError(API_MESSAGES.universityNotFound);
  return { items: points.map(publicPoint) };
}
