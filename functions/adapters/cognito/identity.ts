import { ACCOUNT_MESSAGES } from '#shared/account-schemas';
import { ENV, requireEnv } from '../../commons/env';
import { BadRequestError } from '../../commons/errors';
import type { IdentityProvider } from '../../ports/accounts';
import { cognitoLoader } from './client';

/**
 * The user pool's admin API. The SDK module and the client are loaded on first use, so functions
 * that never call the pool (and have no USER_POOL_ID) never load them.
 */
export function createCognitoIdentityProvider(): IdentityProvider {
  const pool = () => requireEnv(ENV.userPoolId);
  const sdk = cognitoLoader();
  return {
    async getUserByEmail(email) {
      try {
        // The pool's username attribute is the e-mail, so the e-mail is the username.
        const { client, AdminGetUserCommand } = await sdk();
        const out = await client.send(new AdminGetUserCommand({ UserPoolId: pool(), Username: email }));
        const attributes: Record<string, string> = {};
        for (const a of out.UserAttributes ?? [])
          if (a.Name && a.Value !== undefined) attributes[a.Name] = a.Value;
        return { username: out.Username ?? email, status: out.UserStatus ?? 'UNKNOWN', attributes };
      } catch (err) {
        if (err instanceof Error && err.name === 'UserNotFoundException') return null;
        throw err;
      }
    },
    async createUser({ email, password, name, nationalId, universityId }) {
      const { client, AdminCreateUserCommand, AdminDeleteUserCommand, AdminSetUserPasswordCommand } =
        await sdk();
      const attributes: Record<string, string | undefined> = {
        email,
        // The caller proved the address with the app's code.
        email_verified: 'true',
        name,
        'custom:national_id': nationalId,
        'custom:university_id': universityId,
      };
      let sub: string | undefined;
      try {
        const out = await client.send(
          new AdminCreateUserCommand({
            UserPoolId: pool(),
            Username: email,
            // The app mails its own messages; Cognito's invitation would carry a temporary password.
            MessageAction: 'SUPPRESS',
            UserAttributes: Object.entries(attributes)
              .filter((entry): entry is [string, string] => !!entry[1])
              .map(([Name, Value]) => ({ Name, Value })),
          }),
        );
        sub = out.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
      } catch (err) {
        if (err instanceof Error && err.name === 'UsernameExistsException') return null;
        throw err;
      }
      if (!sub) throw new Error('AdminCreateUser answered without the new user’s sub');
      try {
        // Permanent: the user leaves FORCE_CHANGE_PASSWORD for CONFIRMED with the confirmer's password.
        await client.send(
          new AdminSetUserPasswordCommand({
            UserPoolId: pool(),
            Username: email,
            Password: password,
            Permanent: true,
          }),
        );
      } catch (err) {
        // No half-made account stays behind (it would hold a password nobody chose).
        await client
          .send(new AdminDeleteUserCommand({ UserPoolId: pool(), Username: email }))
          .catch(() => undefined);
        if (err instanceof Error && err.name === 'InvalidPasswordException')
          throw new BadRequestError(ACCOUNT_MESSAGES.weakPassword);
        throw err;
      }
      return sub;
    },
    async deleteUser(username) {
      const { client, AdminDeleteUserCommand } = await sdk();
      try {
        await client.send(new AdminDeleteUserCommand({ UserPoolId: pool(), Username: username }));
      } catch (err) {
        if (!(err instanceof Error && err.name === 'UserNotFoundException')) throw err;
      }
    },
    async setPassword(username, password) {
      const { client, AdminSetUserPasswordCommand } = await sdk();
      try {
        await client.send(
          new AdminSetUserPasswordCommand({
            UserPoolId: pool(),
            Username: username,
            Password: password,
            Permanent: true,
          }),
        );
      } catch (err) {
        // The pool's policy refused it: something the person can fix, not a server fault.
        if (err instanceof Error && err.name === 'InvalidPasswordException')
          throw new BadRequestError(ACCOUNT_MESSAGES.weakPassword);
        throw err;
      }
    },
    async signOutEverywhere(username) {
      const { client, AdminUserGlobalSignOutCommand } = await sdk();
      await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: pool(), Username: username }));
    },
  };
}
