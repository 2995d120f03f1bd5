import { ENV, requireEnv } from '../../commons/env';
import type { UserDirectory } from '../../ports/notifications';
import { cognitoLoader } from './client';

/**
 * Users of the pool by id (AdminGetUser, the grant the stream dispatcher holds). The pool's
 * username of a native account is its `sub`, so the id finds it; a federated account (Google) is
 * named otherwise and is not found: it is known by its profile instead. The SDK loads on first use (./client.ts).
 */
export function createCognitoUserDirectory(): UserDirectory {
  const sdk = cognitoLoader();
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
