import * as z from 'zod/mini';
import { PRODUCT_STATUSES } from './statuses';
import { EXPIRY_MESSAGES } from './listing-expiry';

/**
 * The reminder mail's one-click links (docs/decisions/030): the token travels in the body of a
 * POST (the web page reads it from the URL's fragment), so no server log or Referer holds it and
 * a mail scanner's GET changes nothing. Only its shape is checked here; the server checks the rest.
 */
export const listingLinkBodySchema = z.strictObject({
  token: z
    .string({ error: EXPIRY_MESSAGES.invalidLink })
    .check(
      z.maxLength(1024, EXPIRY_MESSAGES.invalidLink),
      z.regex(/^[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{43}$/, EXPIRY_MESSAGES.invalidLink),
    ),
});

export const listingLinkResultSchema = z.object({
  result: z.enum(['renewed', 'sold']),
  product: z.object({ id: z.number(), title: z.string(), status: z.enum(PRODUCT_STATUSES) }),
});
export type ListingLinkResult = z.infer<typeof listingLinkResultSchema>;
