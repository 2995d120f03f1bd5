import { createCognitoCallerAccounts } from '../../adapters/cognito/caller-accounts';
import { createTokenVerifier } from '../../adapters/cognito/token-verifier';
import { ENV, requireEnv } from '../../commons/env';
import type { RouterOptions } from '../../http/router';
import type { AppParts, PartFactories } from '../context';

/**
 * What the router needs to know its callers (docs/decisions/043): the token verifier (the user
 * pool's issuer and the app client: TOKEN_ISSUER, USER_POOL_CLIENT_ID; no IAM grant, the JWKS is
 * public) and the caller's account at the source (USER_POOL_ID; AdminGetUser, and
 * AdminListGroupsForUser where admin routes are served). Each is built on first use.
 */
export const callerParts = {
  tokenVerifier: () =>
    createTokenVerifier({
      issuer: requireEnv(ENV.tokenIssuer),
      audience: [requireEnv(ENV.userPoolClientId)],
    }),
  callerAccounts: createCognitoCallerAccounts,
} satisfies PartFactories<'tokenVerifier' | 'callerAccounts'>;

/** The router's view of an area's caller parts (read on use, so nothing is built before a call needs it). */
export const callerOptions = (ctx: Pick<AppParts, 'tokenVerifier' | 'callerAccounts'>): RouterOptions => ({
  tokens: () => ctx.tokenVerifier,
  accounts: () => ctx.callerAccounts,
});
