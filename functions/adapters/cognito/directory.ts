import { ENV, optionalEnv, requireEnv } from '../../commons/env';
import { traced } from '../../commons/observability';
import { once } from '../../commons/once';
import type { UserDirectory } from '../../ports/notifications';

/**
 * Users of the pool by id (AdminGetUser, the grant the stream dispatcher holds). The pool's
 * username of a native account is its `sub`, so the id finds it; a federated account (Google) is
 * named otherwise and is not found: it is known by its profile instead. The SDK loads on first use.
 */
export function createCognitoUserDirectory(): UserDirectory {
  const sdk = once(async () => {
    const { CognitoIdentityProviderClient, AdminGetUserCommand } = await import(
      '@aws-sdk/client-cognito-identity-provider'
    );
    const endpoint = optionalEnv(ENV.cognitoEndpoint);
    const client = traced(
      new CognitoIdentityProviderClient({
        region: process.env.AWS_REGION ?? 'us-east-1',
        ...(endpoint
          ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 }
          : {}),
      }),
    );
    return { client, AdminGetUserCommand };
  });
  return {
    async find(userId) {
      const { client, AdminGetUserCommand } = await sdk();
      try {
        const out = await client.send(
          new AdminGetUserCommand({ UserPoolId: requireEnv(ENV.userPoolId), Username: userId }),
        );
        const attributes = new Map((out.UserAttributes ?? []).map((a) => [a.Name, a.Value]));
        // The id must be the account's own: an alias (an e-mail given as id) finds someone else.
        if (attributes.get('sub') !== userId) return null;
        const email = attributes.get('email');
        if (!email) return null;
        return {
          email,
          name: attributes.get('name') ?? null,
          confirmed: out.UserStatus === 'CONFIRMED' || out.UserStatus === 'EXTERNAL_PROVIDER',
        };
      } catch (err) {
        if (err instanceof Error && err.name === 'UserNotFoundException') return null;
        throw err;
      }
    },
  };
}
