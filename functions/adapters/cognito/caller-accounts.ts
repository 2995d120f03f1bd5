import { ENV, requireEnv } from '../../commons/env';
import type { CallerAccounts } from '../../ports/tokens';
import { cognitoLoader } from './client';

const isUserNotFound = (err: unknown) => err instanceof Error && err.name === 'UserNotFoundException';

/**
 * The caller's account at the source (AdminGetUser, and AdminListGroupsForUser for admin routes, in
 * parallel): named by the token's pool username, which is the name the pool lists group members
 * by (cognito-local matches it literally too). The SDK loads on first use (./client.ts).
 */
export function createCognitoCallerAccounts(): CallerAccounts {
  const sdk = cognitoLoader();
  return {
    async find(username, withGroups) {
      const { client, AdminGetUserCommand, AdminListGroupsForUserCommand } = await sdk();
      const UserPoolId = requireEnv(ENV.userPoolId);
      try {
        const [user, groups] = await Promise.all([
          client.send(new AdminGetUserCommand({ UserPoolId, Username: username })),
          withGroups
            ? client.send(new AdminListGroupsForUserCommand({ UserPoolId, Username: username, Limit: 60 }))
            : undefined,
        ]);
        return {
          enabled: user.Enabled !== false,
          ...(groups ? { groups: (groups.Groups ?? []).map((g) => g.GroupName ?? '').filter(Boolean) } : {}),
        };
      } catch (err) {
        if (isUserNotFound(err)) return null;
        throw err;
      }
    },
  };
}
