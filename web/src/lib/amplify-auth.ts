import { Amplify } from 'aws-amplify';
import * as auth from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type { RuntimeConfig } from '#shared/runtime-config';

/**
 * The only module that imports aws-amplify. It is reached through dynamic import() alone (see
 * lib/session.ts), so Amplify is its own lazy chunk and never part of a page's initial JavaScript.
 */
export function configureAmplify(config: RuntimeConfig): typeof auth {
  redirectFailure ??= listenForRedirectFailure();
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

let redirectFailure: Promise<never> | undefined;

/**
 * Rejects when Amplify's OAuth listener reports that the redirect this page returned from failed
 * (a state it did not send, an error from the provider, a refused code); never resolves otherwise.
 * It listens from before Amplify is configured (configuring starts the listener), so the report
 * cannot be missed. /auth/callback races it against the session, which Amplify 6 can leave waiting
 * for its in-flight sign-in (up to five minutes) after such a failure.
 */
export function oauthRedirectFailure(): Promise<never> {
  redirectFailure ??= listenForRedirectFailure();
  return redirectFailure;
}

function listenForRedirectFailure(): Promise<never> {
  const failure = new Promise<never>((_, reject) => {
    const stop = Hub.listen('auth', ({ payload }) => {
      if (payload.event !== 'signInWithRedirect_failure') return;
      stop();
      reject(payload.data?.error ?? new Error('signInWithRedirect failed'));
    });
  });
  // Nobody may be waiting for it (a page that is not the callback): no unhandled rejection.
  failure.catch(() => undefined);
  return failure;
}
