import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod/mini';

/**
 * The links of the expiry reminder (docs/decisions/030): 'Renovar' and 'Ya lo vendí' work from
 * the mail without signing in, so the token is the credential. `<payload>.<mac>`, base64url; the
 * payload names the purpose, the listing, its owner, the expiry it was mailed for and when the
 * link stops working (7 days after that expiry). The MAC is HMAC-SHA256 with the stage's signing
 * secret over a label of its own, so no unsubscribe token (decision 020) is ever a listing link
 * and a renewal link is never a sale link. Single use comes from the expiry it names: renewing
 * changes the listing's expiry, selling its status, and the service refuses a link whose expiry
 * or status no longer matches.
 */
export const LISTING_LINK_PURPOSES = ['renew', 'sold'] as const;
export type ListingLinkPurpose = (typeof LISTING_LINK_PURPOSES)[number];

const LABEL = 'mercado-universitario/listing-link/v1.';

const payloadSchema = z.object({
  pur: z.enum(LISTING_LINK_PURPOSES),
  pid: z.number().check(z.int(), z.positive()),
  sub: z.string().check(z.minLength(1), z.maxLength(128)),
  for: z.string().check(z.maxLength(40)),
  exp: z.number(),
});

export interface ListingLinkClaims {
  purpose: ListingLinkPurpose;
  productId: number;
  ownerId: string;
  /** The listing's expiry the link was mailed for. */
  expiresFor: string;
  /** When the link stops working. */
  validUntil: Date;
}

const mac = (key: Uint8Array, payload: string) =>
  createHmac('sha256', key).update(LABEL).update(payload).digest().toString('base64url');

export function signListingLink(key: Uint8Array, claims: ListingLinkClaims): string {
  const payload = Buffer.from(
    JSON.stringify({
      pur: claims.purpose,
      pid: claims.productId,
      sub: claims.ownerId,
      for: claims.expiresFor,
      exp: Math.floor(claims.validUntil.getTime() / 1000),
    }),
  ).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

export type ListingLinkCheck =
  | { ok: true; claims: ListingLinkClaims }
  | { ok: false; reason: 'invalid' | 'expired' };

/** A link's claims when its MAC is this key's and its purpose is `purpose`, and it has not expired. */
export function verifyListingLink(
  key: Uint8Array,
  token: string,
  purpose: ListingLinkPurpose,
  now: Date,
): ListingLinkCheck {
  const parts = token.split('.');
  if (parts.length !== 2) return { ok: false, reason: 'invalid' };
  const [payload, signature] = parts;
  // Compared as text (base64url decoding would accept other spellings of the same MAC).
  const given = Buffer.from(signature);
  const expected = Buffer.from(mac(key, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' };
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const parsed = payloadSchema.safeParse(data);
  if (!parsed.success || parsed.data.pur !== purpose) return { ok: false, reason: 'invalid' };
  const { pid, sub, exp } = parsed.data;
  if (now.getTime() > exp * 1000) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    claims: {
      purpose,
      productId: pid,
      ownerId: sub,
      expiresFor: parsed.data.for,
      validUntil: new Date(exp * 1000),
    },
  };
}
