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
    async signUp({ email, password, name, nationalId, universityId }) {
      const { client, SignUpCommand } = await sdk();
      const attributes: Record<string, string | undefined> = {
        email,
        name,
        'custom:national_id': nationalId,
        'custom:university_id': universityId,
      };
      try {
        const out = await client.send(
          new SignUpCommand({
            // The web client's id (public): what the browser's own sign-up used.
            ClientId: requireEnv(ENV.userPoolClientId),
            Username: email,
            Password: password,
            UserAttributes: Object.entries(attributes)
              .filter((entry): entry is [string, string] => !!entry[1])
              .map(([Name, Value]) => ({ Name, Value })),
          }),
        );
        return out.UserSub ?? null;
      } catch (err) {
        if (err instanceof Error && err.name === 'UsernameExistsException') return null;
        if (err instanceof Error && err.name === 'InvalidPasswordException')
          throw new BadRequestError(ACCOUNT_MESSAGES.weakPassword);
        throw err;
      }
    },
    async deleteUser(username) {
      const { client, AdminDeleteUserCommand } = await sdk();
      try {
        await client.send(new AdminDeleteUserCommand({ UserPoolId: pool(), Username: username }));
      } catch (err) {
        if (!(err instanceof Error && err.name === 'UserNotFoundException')) throw err;
      }
    },
    async confirmSignUp(username, email) {
      const { client, AdminConfirmSignUpCommand, AdminUpdateUserAttributesCommand } = await sdk();
      await client.send(new AdminConfirmSignUpCommand({ UserPoolId: pool(), Username: username }));
      // cognito-local drops `email` unless it is sent together with `email_verified`.
      await client.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: pool(),
          Username: username,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
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
