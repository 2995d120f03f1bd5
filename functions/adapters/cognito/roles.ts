import type { Role } from '#shared/statuses';
import { ENV, requireEnv } from '../../commons/env';
import type { RoleDirectory } from '../../ports/admin';
import { cognitoLoader } from './client';

/**
 * The admin roles as the user pool's groups (cognito-local 5.3 answers these calls too). A user is
 * named by their address, but a group lists its members by their pool username (a UUID when the
 * e-mail is an alias): cognito-local matches ListGroupsForUser's name literally, so the username is
 * looked up first and used for every call.
 */
export function createCognitoRoleDirectory(): RoleDirectory {
  const pool = () => requireEnv(ENV.userPoolId);
  const sdk = cognitoLoader();
  return {
    async groupsOf(address) {
      const { client, AdminGetUserCommand, AdminListGroupsForUserCommand } = await sdk();
      try {
        const user = await client.send(new AdminGetUserCommand({ UserPoolId: pool(), Username: address }));
        const username = user.Username ?? address;
        const out = await client.send(
          new AdminListGroupsForUserCommand({ UserPoolId: pool(), Username: username }),
        );
        return (out.Groups ?? []).map((g) => g.GroupName ?? '').filter(Boolean);
      } catch (err) {
        if (err instanceof Error && err.name === 'UserNotFoundException') return null;
        throw err;
      }
    },
    async setMember(username, group: Role, member) {
      const { client, AdminAddUserToGroupCommand, AdminRemoveUserFromGroupCommand } = await sdk();
      const input = { UserPoolId: pool(), Username: username, GroupName: group };
      await client.send(
        member ? new AdminAddUserToGroupCommand(input) : new AdminRemoveUserFromGroupCommand(input),
      );
    },
  };
}
