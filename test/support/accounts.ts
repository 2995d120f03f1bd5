import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetTokensFromRefreshTokenCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { type LocalSession, localCognitoClient } from '../../scripts/local/parts/cognito';
import type { CognitoProxy } from '../../scripts/local/parts/cognito-proxy';
import { type SesLocal, startSesLocal } from '../../scripts/local/parts/ses';
import { freePort } from '../../scripts/local/ports';
import { type LocalServer, startLocalServer } from '../../scripts/local/server';
import { ENV } from '../../functions/commons/env';
import { createCognitoIdentityProvider } from '../../functions/adapters/cognito/identity';
import { apiEvent, invoke } from './events';
import { handlerOf } from './handlers';
import type { TestStream } from './stream';
import { type TestCognito, startTestCognito } from './local-cognito';
import { codeIn, type Mail, mailTo } from './mailbox';
import type { LocalUser } from '../../scripts/local/parts/cognito';
import type { Profile } from '#shared/account-schemas';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createProfileRepository } from '../../functions/adapters/dynamodb/accounts';
import { decodeJwtPayload } from './local-cognito';

/**
 * The real identity and mail parts for accounts tests: cognito-local behind the local proxy (as
 * the local stack runs it: the handlers and Amplify talk to the proxy) and the SES emulator, with
 * the environment variables the local stack sets for the handlers.
 */
export interface AccountParts {
  cognito: TestCognito;
  proxy: CognitoProxy;
  ses: SesLocal;
  /**
   * An UNCONFIRMED user made straight on cognito-local with its own SignUp: what the pool held
   * before decision 040 (when it took sign-ups), and what someone who got one in would leave.
   */
  pendingUser(email: string, password: string, name?: string): Promise<void>;
  /** A confirmed account, made as the app makes them (the identity adapter's createUser). */
  createAccount(email: string, password: string, name?: string): Promise<string>;
  /** Signs in through the proxy with SRP, as the web app does: the three tokens. */
  session(email: string, password: string): Promise<LocalSession>;
  /** Refreshes a session through the proxy (Amplify's GetTokensFromRefreshToken); its error name, if refused. */
  refresh(refreshToken: string): Promise<{ idToken: string } | { refused: string }>;
  /** Mail the emulator holds for an address, oldest first. */
  mailTo(email: string): Promise<Mail[]>;
  stop(): Promise<void>;
}

export const APP_URL = 'http://localhost:5173';

export async function startAccountParts(users: readonly LocalUser[] = []): Promise<AccountParts> {
  const cognito = await startTestCognito(users);
  const proxy = cognito.proxy;
  const ses = await startSesLocal({ port: await freePort() });
  process.env[ENV.userPoolId] = cognito.userPoolId;
  process.env[ENV.userPoolClientId] = cognito.clientId;
  process.env[ENV.tokenIssuer] = cognito.issuer;
  process.env[ENV.cognitoEndpoint] = proxy.endpoint;
  process.env[ENV.sesEndpoint] = ses.endpoint;
  process.env[ENV.mailFrom] = 'no-reply@mercado.test';
  process.env[ENV.appUrl] = APP_URL;
  const client = localCognitoClient(cognito.endpoint);
  const viaProxy = localCognitoClient(proxy.endpoint);
  return {
    cognito,
    proxy,
    ses,
    createAccount: async (email, password, name) => {
      const sub = await createCognitoIdentityProvider().createUser({ email, password, name });
      if (!sub) throw new Error(`${email} has a user already`);
      return sub;
    },
    pendingUser: async (email, password, name) => {
      await client.send(
        new SignUpCommand({
          ClientId: cognito.clientId,
          Username: email,
          Password: password,
          UserAttributes: [{ Name: 'email', Value: email }, ...(name ? [{ Name: 'name', Value: name }] : [])],
        }),
      );
    },
    session: (email, password) => cognito.signIn(email, password),
    refresh: async (refreshToken) => {
      try {
        const out = await viaProxy.send(
          new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: refreshToken }),
        );
        const idToken = out.AuthenticationResult?.IdToken;
        if (!idToken) throw new Error('no ID token');
        return { idToken };
      } catch (err) {
        if (err instanceof Error && err.name !== 'Error') return { refused: err.name };
        throw err;
      }
    },
    mailTo: (email) => mailTo(ses.endpoint, email),
    stop: async () => {
      client.destroy();
      viaProxy.destroy();
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

/**
 * The local origin server over these parts' pool, with the real route table and handlers: the
 * functions verify tokens and confirm callers at this pool, as in AWS (decision 043). Its web folder is empty (API tests) and
 * goes with `close()`.
 */
export async function startApiServer(parts: AccountParts, name: string): Promise<LocalServer> {
  const webDir = mkdtempSync(join(tmpdir(), `web-${name}-`));
  const server = await startLocalServer({
    port: 0,
    host: '127.0.0.1',
    connectSrc: [parts.proxy.endpoint],
    webDir,
    quiet: true,
    runtimeConfig: {
      stage: 'local',
      apiBaseUrl: '',
      auth: {
        userPoolId: parts.cognito.userPoolId,
        userPoolClientId: parts.cognito.clientId,
        region: 'us-east-1',
        userPoolEndpoint: parts.proxy.endpoint,
      },
    },
  });
  return {
    ...server,
    close: async () => {
      await server.close();
      rmSync(webDir, { recursive: true, force: true });
    },
  };
}

/** The register form's details for an address (no password: that comes with the code). */
export const registrationOf = (
  email: string,
  fullName = 'Ana Pérez',
  extra: Record<string, unknown> = {},
) => ({
  email,
  full_name: fullName,
  national_id: 'V-12345678',
  university_id: '',
  ...extra,
});

/**
 * Registers through the API as the web app does (POST /api/auth/sign-up) and, given the stream,
 * waits until its mail went out. `registration` is the handle the answer gave this "browser".
 */
export async function register(
  body: Record<string, unknown>,
  stream?: TestStream,
  sourceIp?: string,
): Promise<{ status: number; body: unknown; registration: string }> {
  const res = await invoke(
    handlerOf('signUp'),
    apiEvent('signUp', { body, ...(sourceIp ? { sourceIp } : {}) }),
  );
  await stream?.settle();
  const registration = (res.body as { registration?: string }).registration ?? '';
  return { ...res, registration };
}

/** 'Reenviar código' for a registration's handle; waits for the mail when given the stream. */
export async function resendCode(registration: string, stream?: TestStream) {
  const res = await invoke(
    handlerOf('requestSignUpCode'),
    apiEvent('requestSignUpCode', { body: { registration } }),
  );
  await stream?.settle();
  return res;
}

/** The code screen's verify: the handle, the mailed code and the password of the new account. */
export const confirmRegistration = (registration: string, code: string, password: string) =>
  invoke(handlerOf('confirmSignUp'), apiEvent('confirmSignUp', { body: { registration, code, password } }));

/**
 * Signs each user in through the local pool (SRP through the proxy, as the web app does) and
 * gives them a profile as the app keeps one (`profile` changes its fields): their tokens and ids,
 * in the users' order.
 */
export async function signInWithProfiles(
  parts: AccountParts,
  table: TableAccess,
  users: readonly LocalUser[],
  profile: (user: LocalUser, index: number) => Partial<Profile> = () => ({}),
): Promise<{ token: string; sub: string }[]> {
  const people: { token: string; sub: string }[] = [];
  for (const [i, u] of users.entries()) {
    const token = (await parts.cognito.signIn(u.email, u.password)).idToken;
    const sub = String(decodeJwtPayload(token).sub);
    await createProfileRepository(table).createIfAbsent({
      user_id: sub,
      email: u.email,
      full_name: u.name ?? null,
      university_email: null,
      university_email_verified: false,
      university_id: null,
      created_at: new Date().toISOString(),
      ...profile(u, i),
    });
    people.push({ token, sub });
  }
  return people;
}

/** A person with a profile and no account at the pool: the handlers take their claims as a token's. */
export interface ProfilePerson {
  id: string;
  email: string;
  name: string;
  claims: Record<string, string>;
}

/** Writes a fresh person's profile (a unique address), as the app creates it on first use. */
export async function profilePerson(
  table: TableAccess,
  name: string,
  createdAt = new Date(),
): Promise<ProfilePerson> {
  const id = randomUUID();
  const email = `${name.toLowerCase()}-${randomBytes(3).toString('hex')}@correo.com`;
  await createProfileRepository(table).createIfAbsent({
    user_id: id,
    email,
    full_name: name,
    university_email: null,
    university_email_verified: false,
    university_id: null,
    created_at: createdAt.toISOString(),
  });
  return { id, email, name, claims: { sub: id, email, name } };
}
