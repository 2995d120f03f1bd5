import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { localCognitoClient } from '../../scripts/local/parts/cognito';
import { type SesLocal, startSesLocal } from '../../scripts/local/parts/ses';
import { freePort } from '../../scripts/local/ports';
import { ENV } from '../../functions/commons/env';
import { type TestCognito, startTestCognito } from './local-cognito';
import { codeIn, type Mail, mailTo } from './mailbox';
import type { LocalUser } from '../../scripts/local/parts/cognito';

/**
 * The real identity and mail parts for accounts tests: cognito-local and the SES emulator, with
 * the environment variables the local stack sets for the handlers.
 */
export interface AccountParts {
  cognito: TestCognito;
  ses: SesLocal;
  /** Registers an UNCONFIRMED user as the web app's sign-up does. */
  signUp(email: string, password: string, name?: string): Promise<void>;
  /** Mail the emulator holds for an address, oldest first. */
  mailTo(email: string): Promise<Mail[]>;
  stop(): Promise<void>;
}

export const APP_URL = 'http://localhost:5173';

export async function startAccountParts(users: readonly LocalUser[] = []): Promise<AccountParts> {
  const cognito = await startTestCognito(users);
  const ses = await startSesLocal({ port: await freePort() });
  process.env[ENV.userPoolId] = cognito.userPoolId;
  process.env[ENV.userPoolClientId] = cognito.clientId;
  process.env[ENV.tokenIssuer] = cognito.issuer;
  process.env[ENV.cognitoEndpoint] = cognito.endpoint;
  process.env[ENV.sesEndpoint] = ses.endpoint;
  process.env[ENV.mailFrom] = 'no-reply@mercado.test';
  process.env[ENV.appUrl] = APP_URL;
  const client = localCognitoClient(cognito.endpoint);
  return {
    cognito,
    ses,
    signUp: async (email, password, name) => {
      await client.send(
        new SignUpCommand({
          ClientId: cognito.clientId,
          Username: email,
          Password: password,
          UserAttributes: [{ Name: 'email', Value: email }, ...(name ? [{ Name: 'name', Value: name }] : [])],
        }),
      );
    },
    mailTo: (email) => mailTo(ses.endpoint, email),
    stop: async () => {
      client.destroy();
      await ses.stop();
      await cognito.stop();
    },
  };
}

/** The 6-digit code of the newest mail to the address. */
export async function lastCode(parts: AccountParts, email: string): Promise<string> {
  const mails = await parts.mailTo(email);
  const code = codeIn(mails.at(-1));
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
