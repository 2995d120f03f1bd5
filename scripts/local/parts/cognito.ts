import './quiet-sdk-v2';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  UpdateUserPoolClientCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
// cognito-local 5.3.0 (pinned): its CLI hard-codes ./.cognito and reads PORT at load time, so the
// local stack assembles the server from the same internal modules its createDefaultServer uses.
import { Router } from 'cognito-local/lib/server/Router';
import { createServer } from 'cognito-local/lib/server/server';
import { DefaultConfig } from 'cognito-local/lib/server/config';
import { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { ConsoleMessageSender } from 'cognito-local/lib/services/messageDelivery/consoleMessageSender';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import { AuthenticationDetails, CognitoUser, CognitoUserPool } from 'amazon-cognito-identity-js';
import { pino } from 'pino';
import { AUTH_CONFIG } from '#shared/auth-config';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './dynamodb';

export interface CognitoLocal {
  /** http://127.0.0.1:<port> — the Cognito API endpoint (Amplify's userPoolEndpoint). */
  endpoint: string;
  /** Where its data is kept (its users in `db/`; the proxy's SRP reads their passwords there). */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts cognito-local in this process on `port`, keeping its data under `dataDir` (a temporary
 * directory, removed on stop, when absent). Tokens are issued by `http://127.0.0.1:<port>/<poolId>`.
 */
export async function startCognitoLocal(opts: { port: number; dataDir?: string }): Promise<CognitoLocal> {
  const temp = opts.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'cognito-local-'));
  const dir = resolve(opts.dataDir ?? temp!);
  const dbDir = join(dir, 'db');
  mkdirSync(dbDir, { recursive: true });
  const endpoint = `http://127.0.0.1:${opts.port}`;
  const logger = pino({ level: process.env.COGNITO_LOCAL_DEBUG ? 'debug' : 'error' });
  const ctx = { logger };
  const config = {
    ...DefaultConfig,
    TokenConfig: { IssuerDomain: endpoint },
    ServerConfig: { port: opts.port, hostname: '127.0.0.1', development: false, https: false as const },
  };
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dbDir);
  const cognito = await new CognitoServiceFactoryImpl(
    dbDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  // No trigger functions are configured, so cognito-local never calls its Lambda client: a stand-in
  // that says so if it ever does, rather than a client from the v2 SDK (cognito-local's dependency,
  // not ours).
  const noLambdaClient = {
    invoke() {
      throw new Error('cognito-local: no Lambda triggers are configured locally');
    },
  } as unknown as ConstructorParameters<typeof LambdaService>[1];
  const triggers = new TriggersService(
    clock,
    cognito,
    new LambdaService(config.TriggerFunctions, noLambdaClient),
    new CryptoService(config.KMSConfig),
  );
  const services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(new ConsoleMessageSender())),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const server: Server = await createServer(Router(services), logger, config.ServerConfig, services).start();
  return {
    endpoint,
    dataDir: dir,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => {
          if (temp) rmSync(temp, { recursive: true, force: true });
          done();
        });
      }),
  };
}

export function localCognitoClient(endpoint: string): CognitoIdentityProviderClient {
  // maxAttempts 1: cognito-local answers unsupported calls with HTTP 500, which the SDK would retry.
  return new CognitoIdentityProviderClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 1,
  });
}

export interface LocalUser {
  email: string;
  password: string;
  name: string;
  nationalId: string;
  universityId: string;
  groups: readonly string[];
}

export interface LocalUserPool {
  userPoolId: string;
  clientId: string;
  /** Token issuer, as the functions verify it (TOKEN_ISSUER). */
  issuer: string;
  jwksUri: string;
  /** The given users' ids (`sub`), by lower-case e-mail. */
  userIds: Map<string, string>;
}

export const LOCAL_POOL_NAME = 'mercado-universitario-local';

/**
 * The app client's token lifetimes from shared/auth-config.ts, as the CDK client sets them:
 * cognito-local signs ID, access and refresh tokens with exactly these (its own default is 24 h).
 */
const CLIENT_TOKEN_VALIDITY = {
  AccessTokenValidity: AUTH_CONFIG.tokenValidity.accessMinutes,
  IdTokenValidity: AUTH_CONFIG.tokenValidity.idMinutes,
  RefreshTokenValidity: AUTH_CONFIG.tokenValidity.refreshDays,
  TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
} as const;
export const LOCAL_CLIENT_NAME = 'web';
/**
 * The app client's sign-in flows, as the CDK client's (infra/constructs/auth.ts): SRP and refresh
 * only. cognito-local 5.3 keeps them but does not enforce them; the proxy's own USER_PASSWORD_AUTH
 * call behind an SRP answer relies on that.
 */
const CLIENT_AUTH_FLOWS = ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] as const;

/**
 * Creates (once; idempotent) the user pool from shared/auth-config.ts — the settings the CDK pool
 * uses — its app client, its groups and the given users.
 */
export async function ensureUserPool(
  endpoint: string,
  users: readonly LocalUser[] = [],
): Promise<LocalUserPool> {
  const client = localCognitoClient(endpoint);
  try {
    const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    let userPoolId = pools.UserPools?.find((p) => p.Name === LOCAL_POOL_NAME)?.Id;
    if (!userPoolId) {
      const created = await client.send(
        new CreateUserPoolCommand({
          PoolName: LOCAL_POOL_NAME,
          UsernameAttributes: [AUTH_CONFIG.usernameAttribute],
          // Like the AWS pool: nothing auto-verified; the app's own code verifies the e-mail.
          UsernameConfiguration: { CaseSensitive: AUTH_CONFIG.caseSensitive },
          // As the AWS pool: no sign-up through the pool (cognito-local ignores it; the proxy refuses).
          AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
          Policies: {
            PasswordPolicy: {
              MinimumLength: AUTH_CONFIG.passwordPolicy.minLength,
              RequireLowercase: AUTH_CONFIG.passwordPolicy.requireLowercase,
              RequireUppercase: AUTH_CONFIG.passwordPolicy.requireUppercase,
              RequireNumbers: AUTH_CONFIG.passwordPolicy.requireDigits,
              RequireSymbols: AUTH_CONFIG.passwordPolicy.requireSymbols,
            },
          },
          Schema: [
            { Name: 'email', AttributeDataType: 'String', Required: true, Mutable: true },
            { Name: 'name', AttributeDataType: 'String', Required: false, Mutable: true },
            ...Object.entries(AUTH_CONFIG.customAttributes).map(([name, limits]) => ({
              Name: name,
              AttributeDataType: 'String' as const,
              Mutable: true,
              StringAttributeConstraints: {
                MinLength: String(limits.minLength),
                MaxLength: String(limits.maxLength),
              },
            })),
          ],
        }),
      );
      userPoolId = created.UserPool?.Id;
      if (!userPoolId) throw new Error('cognito-local created a user pool without an id');
    }
    const clients = await client.send(
      new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }),
    );
    let clientId = clients.UserPoolClients?.find((c) => c.ClientName === LOCAL_CLIENT_NAME)?.ClientId;
    if (!clientId) {
      const created = await client.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: LOCAL_CLIENT_NAME,
          ExplicitAuthFlows: [...CLIENT_AUTH_FLOWS],
          ...CLIENT_TOKEN_VALIDITY,
        }),
      );
      clientId = created.UserPoolClient?.ClientId;
      if (!clientId) throw new Error('cognito-local created an app client without an id');
    } else {
      // A pool made before the lifetimes or flows were set (an old .data/) follows them too.
      const { UserPoolClient: existing } = await client.send(
        new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId }),
      );
      const { TokenValidityUnits: units, ...lifetimes } = CLIENT_TOKEN_VALIDITY;
      const flows = [...(existing?.ExplicitAuthFlows ?? [])].sort();
      const stale =
        flows.join() !== [...CLIENT_AUTH_FLOWS].sort().join() ||
        (Object.keys(lifetimes) as (keyof typeof lifetimes)[]).some((k) => existing?.[k] !== lifetimes[k]) ||
        (Object.keys(units) as (keyof typeof units)[]).some(
          (k) => existing?.TokenValidityUnits?.[k] !== units[k],
        );
      if (stale)
        await client.send(
          new UpdateUserPoolClientCommand({
            UserPoolId: userPoolId,
            ClientId: clientId,
            ClientName: LOCAL_CLIENT_NAME,
            ExplicitAuthFlows: [...CLIENT_AUTH_FLOWS],
            ...CLIENT_TOKEN_VALIDITY,
          }),
        );
    }
    const groups = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
    const existing = new Set((groups.Groups ?? []).map((g) => g.GroupName));
    for (const group of AUTH_CONFIG.groups) {
      if (!existing.has(group))
        await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }));
    }
    const userIds = new Map<string, string>();
    for (const user of users) {
      await ensureUser(client, userPoolId, user);
      const email = user.email.toLowerCase();
      const out = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
      const sub = out.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
      if (sub) userIds.set(email, sub);
    }
    const issuer = `${endpoint}/${userPoolId}`;
    return { userPoolId, clientId, issuer, jwksUri: `${issuer}/.well-known/jwks.json`, userIds };
  } finally {
    client.destroy();
  }
}

async function ensureUser(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  user: LocalUser,
): Promise<void> {
  const email = user.email.toLowerCase();
  const made = await createAccountOnce(client, userPoolId, email, [
    { Name: 'name', Value: user.name },
    { Name: 'custom:national_id', Value: user.nationalId },
    { Name: 'custom:university_id', Value: user.universityId },
  ]);
  if (!made) return;
  await setLocalPassword(client, userPoolId, email, user.password);
  for (const group of user.groups) {
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: group }),
    );
  }
}

/**
 * Makes the account of `email` unless the pool has it, as the app makes accounts (decision 040):
 * with a verified e-mail and these attributes, no mail, no password yet. Whether it made it.
 */
export async function createAccountOnce(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  email: string,
  attributes: { Name: string; Value: string }[],
): Promise<boolean> {
  try {
    await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    return false;
  } catch (err) {
    if (!(err instanceof UserNotFoundException)) throw err;
  }
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      // cognito-local compares e-mails case-sensitively; Cognito (caseSensitive false) does not.
      Username: email.toLowerCase(),
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email.toLowerCase() },
        { Name: 'email_verified', Value: 'true' },
        ...attributes,
      ],
    }),
  );
  return true;
}

/** Sets an account's password for good (no change asked at its next sign-in). */
export async function setLocalPassword(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  email: string,
  password: string,
): Promise<void> {
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: email.toLowerCase(),
      Password: password,
      Permanent: true,
    }),
  );
}

/** The tokens a sign-in gives, as the web app holds them. */
export interface LocalSession {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/** amazon-cognito-identity-js keeps nothing between sign-ins here: each starts afresh. */
const NO_STORAGE = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
  clear: () => undefined,
};

/**
 * Signs in through a local stack's Cognito endpoint (its proxy) as the web app does in AWS and
 * locally: SRP (USER_SRP_AUTH, then the PASSWORD_VERIFIER answer), with amazon-cognito-identity-js's
 * SRP client, an implementation apart from the proxy's own (srp.ts), so every sign-in checks it
 * too. A refusal rejects with Cognito's error name (`NotAuthorizedException`, …) and message.
 */
export function signInLocal(
  stack: { cognito: { endpoint: string; userPoolId: string; clientId: string } },
  user: { email: string; password: string },
): Promise<LocalSession> {
  const email = user.email.toLowerCase();
  const pool = new CognitoUserPool({
    // Its part after `_` is in the SRP hashes, as in AWS.
    UserPoolId: stack.cognito.userPoolId,
    ClientId: stack.cognito.clientId,
    endpoint: stack.cognito.endpoint,
    Storage: NO_STORAGE,
  });
  const cognitoUser = new CognitoUser({ Username: email, Pool: pool, Storage: NO_STORAGE });
  cognitoUser.setAuthenticationFlowType('USER_SRP_AUTH');
  return new Promise<LocalSession>((resolve, reject) => {
    const unexpected = (step: string) => () =>
      reject(new Error(`the local pool asked ${email} for ${step}, which local sign-in does not answer`));
    cognitoUser.authenticateUser(new AuthenticationDetails({ Username: email, Password: user.password }), {
      onSuccess: (session) =>
        resolve({
          idToken: session.getIdToken().getJwtToken(),
          accessToken: session.getAccessToken().getJwtToken(),
          refreshToken: session.getRefreshToken().getToken(),
        }),
      onFailure: (err: unknown) => reject(cognitoError(err)),
      newPasswordRequired: unexpected('a new password'),
      mfaRequired: unexpected('an MFA code'),
      totpRequired: unexpected('a TOTP code'),
      customChallenge: unexpected('a custom challenge'),
      mfaSetup: unexpected('MFA set-up'),
      selectMFAType: unexpected('an MFA type'),
    });
  });
}

/** amazon-cognito-identity-js's failure as an Error named as Cognito names it. */
function cognitoError(err: unknown): Error {
  if (err instanceof Error) return err;
  const e = err as { name?: string; code?: string; message?: string } | null;
  const out = new Error(e?.message ?? String(err));
  out.name = e?.name ?? e?.code ?? 'Error';
  return out;
}
