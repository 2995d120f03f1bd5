import type { Role } from '#shared/enums';
import { ENV, requireEnv } from '../../commons/env';
import type { RoleDirectory } from '../../ports/admin';
import { cognitoLoader } from './client';

/** The admin roles as the user pool's groups (cognito-local 5.3 answers these three calls too). */
export function createCognitoRoleDirectory(): RoleDirectory {
  const pool = () => requireEnv(ENV.userPoolId);
  const sdk = cognitoLoader();
  return {
    async groupsOf(username) {
      const { client, AdminListGroupsForUserCommand } = await sdk();
      try {
        const out = await client.send(new AdminListGroupsForUserCommand({ UserPoolId: pool(), Username: username }));
        return (out.Groups ?? []).map((g) => g.GroupName ?? '').filter(Boolean);
      } catch (err) {
        if (err instanceof Error && err.name === 'UserNotFoundException') return null;
        throw err;
      }
    },
    async setMember(username, group: Role, member) {
      const { client, AdminAddUserToGroupCommand, AdminRemoveUserFromGroupCommand } = await sdk();
      const input = { UserPoolId: pool(), Username: username, GroupName: group };
      await client.send(member ? new AdminAddUserToGroupCommand(input) : new AdminRemoveUserFromGroupCommand(input));
    },
  };
}
