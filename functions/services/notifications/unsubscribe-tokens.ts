import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod/mini';

/**
 * The unsubscribe links of notification mails: `<payload>.<mac>`, both base64url. The payload names
 * the user and the purpose; the MAC is HMAC-SHA256 with the stage's secret over a versioned label
 * and the payload, so no other use of the secret can produce a valid link. No expiry: a link in an
 * old mail keeps working (mail providers may use a List-Unsubscribe URL long after delivery), and
 * all it can do is turn mails off for the person it was mailed to. Rotating the secret voids every
 * link at once (docs/decisions/020).
 */
export const UNSUBSCRIBE_PURPOSE = 'unsubscribe:questions';

const LABEL = 'mercado-universitario/unsubscribe-token/v1.';

const payloadSchema = z.object({
  sub: z.string().check(z.minLength(1), z.maxLength(128)),
  pur: z.string(),
  iat: z.number(),
});

const mac = (key: Uint8Array, payload: string) =>
  createHmac('sha256', key).update(LABEL).update(payload).digest();

/** A token that turns off `purpose` mails for `userId`. */
export function signUnsubscribeToken(
  key: Uint8Array,
  userId: string,
  issuedAt: Date,
  purpose: string = UNSUBSCRIBE_PURPOSE,
): string {
  const payload = Buffer.from(
    JSON.stringify({ sub: userId, pur: purpose, iat: Math.floor(issuedAt.getTime() / 1000) }),
  ).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/**
 * The user a token was signed for, when its MAC is this key's and its purpose is `purpose`; null
 * for anything else (tampered, truncated, another key, another purpose, not a token at all).
 */
export function verifyUnsubscribeToken(
  key: Uint8Array,
  token: string,
  purpose: string = UNSUBSCRIBE_PURPOSE,
): { userId: string } | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [payload, signature] = parts;
  // Compared as text: base64url decoding ignores stray characters and the last character's spare
  // bits, so comparing decoded bytes would accept other spellings of the same MAC.
  const given = Buffer.from(signature);
  const expected = Buffer.from(mac(key, payload).toString('base64url'));
  // Length first: timingSafeEqual throws on different lengths.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(data);
  if (!parsed.success || parsed.data.pur !== purpose) return null;
  return { userId: parsed.data.sub };
}
