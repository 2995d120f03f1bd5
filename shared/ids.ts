/**
 * Identifier formats, zod-free so the web app's initial JavaScript can check them without zod.
 * shared/schemas.ts builds its schemas on the same pattern, so both sides agree.
 */

/** A university id: 2–20 lowercase letters, digits or hyphens ('ucab', 'usb'). */
export const UNIVERSITY_ID_PATTERN = /^[a-z0-9-]{2,20}$/;

/** universityIdSchema's reading of a value (trimmed, lowercased), or null when it is not a university id. */
export function parseUniversityId(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const id = raw.trim().toLowerCase();
  return UNIVERSITY_ID_PATTERN.test(id) ? id : null;
}

/**
 * A product id as it appears in a URL: a canonical positive integer ('12', never '012', '+12',
 * '1e1', '0x10' or '12.0'), so one product has one URL. At most 15 digits (a safe integer).
 */
export const PRODUCT_ID_PATTERN = /^[1-9][0-9]{0,14}$/;

/** A seller's public id (their account id) as sellerParamsSchema (shared/trust.ts) accepts it. */
export const SELLER_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** productIdSchema's reading of a value (the number), or null when it is not a product id. */
export function parseProductId(raw: unknown): number | null {
  return typeof raw === 'string' && PRODUCT_ID_PATTERN.test(raw) ? Number(raw) : null;
}
