import { Amplify } from 'aws-amplify';
import * as auth from 'aws-amplify/auth';
import type { RuntimeConfig } from '#shared/runtime-config';

/**
 * The only module that imports aws-amplify. It is reached through dynamic import() alone (see
 * lib/session.ts), so Amplify is its own lazy chunk and never part of a page's initial JavaScript.
 */
export function configureAmplify(config: RuntimeConfig): typeof auth {
  const { userPoolId, userPoolClientId, userPoolEndpoint, oauthDomain } = config.auth;
  const origin = globalThis.location?.origin ?? '';
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId,
        userPoolClientId,
        // cognito-local locally; absent in AWS.
        ...(userPoolEndpoint ? { userPoolEndpoint } : {}),
        loginWith: {
          email: true,
          ...(oauthDomain
            ? {
                oauth: {
                  domain: oauthDomain,
                  scopes: ['openid', 'email', 'profile'],
                  redirectSignIn: [`${origin}/auth/callback`],
                  redirectSignOut: [`${origin}/`],
                  responseType: 'code' as const,
                },
              }
            : {}),
        },
      },
    },
  });
  return auth;
}

export type AmplifyAuth = typeof auth;
