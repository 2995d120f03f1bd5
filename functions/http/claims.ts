import * as z from 'zod/mini';
import type { HttpApiEvent } from './router';

const usernameClaims = z.object({
  jwt: z.object({
    claims: z.object({
      'cognito:username': z.optional(z.string()),
      username: z.optional(z.string()),
    }),
  }),
});

/**
 * The caller's username in the user pool, from the verified token: `cognito:username` of an ID
 * token or `username` of an access token. For native accounts it equals the `sub`; for accounts
 * from Google it is `Google_<id>`, which the pool's admin API needs (a federated user's `sub` is
 * not accepted there). Undefined when the token names none.
 */
export function poolUsername(event: HttpApiEvent): string | undefined {
  const parsed = usernameClaims.safeParse(event.requestContext?.authorizer);
  if (!parsed.success) return undefined;
  const { claims } = parsed.data.jwt;
  return claims['cognito:username'] || claims.username || undefined;
}
