import {
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ACCOUNT_MESSAGES } from '#shared/account-schemas';
import { ENV, optionalEnv, requireEnv } from '../../commons/env';
import { BadRequestError } from '../../commons/errors';
import type { IdentityProvider } from '../../ports/accounts';

/**
 * The user pool's admin API. The client is made on first use, so functions without identity
 * access (no USER_POOL_ID) can still build the context.
 */
export function createCognitoIdentityProvider(): IdentityProvider {
  let client: CognitoIdentityProviderClient | undefined;
  const pool = () => requireEnv(ENV.userPoolId);
  const send = () => {
    if (!client) {
      const endpoint = optionalEnv(ENV.cognitoEndpoint);
      client = new CognitoIdentityProviderClient({
        region: process.env.AWS_REGION ?? 'us-east-1',
        ...(endpoint
          ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 }
          : {}),
      });
    }
    return client;
  };
  return {
    async getUserByEmail(email) {
      try {
        // The pool's username attribute is the e-mail, so the e-mail is the username.
        const out = await send().send(new AdminGetUserCommand({ UserPoolId: pool(), Username: email }));
        const attributes: Record<string, string> = {};
        for (const a of out.UserAttributes ?? [])
          if (a.Name && a.Value !== undefined) attributes[a.Name] = a.Value;
        return { username: out.Username ?? email, status: out.UserStatus ?? 'UNKNOWN', attributes };
      } catch (err) {
        if (err instanceof Error && err.name === 'UserNotFoundException') return null;
        throw err;
      }
    },
    async confirmSignUp(username, email) {
      await send().send(new AdminConfirmSignUpCommand({ UserPoolId: pool(), Username: username }));
      // cognito-local drops `email` unless it is sent together with `email_verified`.
      await send().send(
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
      try {
        await send().send(
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
  };
}
