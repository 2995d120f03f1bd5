import { createTokenVerifier } from '../../adapters/cognito/token-verifier';
import { ENV, requireEnv } from '../../commons/env';
import type { PartFactories } from '../context';

/**
 * The verifier of optional callers on public routes: the user pool's issuer and the app client, as
 * the JWT authorizer is configured (TOKEN_ISSUER, USER_POOL_CLIENT_ID; no IAM grant: the JWKS is public).
 */
export const tokenParts = {
  tokenVerifier: () =>
    createTokenVerifier({
      issuer: requireEnv(ENV.tokenIssuer),
      audience: [requireEnv(ENV.userPoolClientId)],
    }),
} satisfies PartFactories<'tokenVerifier'>;
