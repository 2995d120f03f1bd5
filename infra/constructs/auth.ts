import { Duration, SecretValue, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  OAuthScope,
  ProviderAttribute,
  StringAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  type UserPoolDomain,
  UserPoolGroup,
  UserPoolIdentityProviderGoogle,
} from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { ENV } from '../../functions/commons/env';
import { AUTH_CONFIG } from '#shared/auth-config';
import type { StageConfig } from '../stages';
import type { AppFunction } from './app-function';

export interface AuthProps {
  readonly stage: StageConfig;
  /** Public https origin of the web app; the hosted UI returns to `<appUrl>/auth/callback`. */
  readonly appUrl: string;
}

/** The only user-pool admin actions the account handlers call (functions/adapters/cognito). */
export const IDENTITY_ACTIONS = [
  'cognito-idp:AdminGetUser',
  // An account exists only once a code is confirmed: created then, with the confirmer's password
  // (decision 040). A pending user left from before goes when its address is proved.
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminDeleteUser',
  // A password reset and 'Cerrar sesión en todos los dispositivos' revoke every refresh token.
  'cognito-idp:AdminUserGlobalSignOut',
] as const;

/** The admin role's calls (functions/adapters/cognito/roles.ts): read a user's groups, change one. */
export const ROLE_ACTIONS = [
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
] as const;

/**
 * What the router reads of a caller at the source (functions/adapters/cognito/caller-accounts.ts;
 * decision 043): AdminGetUser for every area with a signed-in write, AdminListGroupsForUser too
 * where admin routes are served.
 */
export const CALLER_ACTIONS = ['cognito-idp:AdminGetUser'] as const;
export const CALLER_GROUP_ACTIONS = [...CALLER_ACTIONS, 'cognito-idp:AdminListGroupsForUser'] as const;

/**
 * The stream dispatcher's share: a mail request (a public account route, answered already) looks
 * the address up before mailing; it changes nothing in the pool.
 */
export const STREAM_IDENTITY_ACTIONS = ['cognito-idp:AdminGetUser'] as const;

/**
 * What the web client may write: only what Google sign-in's attribute mapping writes (Cognito needs
 * the mapped attributes writable by the client). The custom attributes are the server's, set when
 * it creates the account (decision 040); the web app writes none itself.
 */
const CLIENT_WRITE_ATTRIBUTES = new ClientAttributes().withStandardAttributes({
  email: true,
  fullname: true,
});

/**
 * The Cognito user pool, its SPA client and the admin groups, from shared/auth-config.ts. Cognito
 * sends no e-mail of its own and takes no sign-up: the app confirms registrations with its own
 * 6-digit codes through SES and only then creates the account (AdminCreateUser with a verified
 * e-mail, AdminSetUserPassword), so no attribute is auto-verified (decision 040).
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly groups: UserPoolGroup[];
  /** The hosted UI domain, present when the stage configures Google sign-in. */
  readonly domain?: UserPoolDomain;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const { stage } = props;
    const customAttributes = Object.fromEntries(
      Object.entries(AUTH_CONFIG.customAttributes).map(([name, limits]) => [
        name,
        new StringAttribute({ minLen: limits.minLength, maxLen: limits.maxLength, mutable: true }),
      ]),
    );
    this.userPool = new UserPool(this, 'UserPool', {
      // Off: a user made by anyone's SignUp would hold a password nobody proved the address for
      // (decision 040). Accounts are created by the accounts function once a code is confirmed.
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: AUTH_CONFIG.caseSensitive,
      // Explicitly off: CDK otherwise auto-verifies the sign-in alias, and Cognito would e-mail its
      // own codes next to the app's.
      autoVerify: { email: false, phone: false },
      standardAttributes: { email: { required: true, mutable: true } },
      customAttributes,
      passwordPolicy: {
        minLength: AUTH_CONFIG.passwordPolicy.minLength,
        requireLowercase: AUTH_CONFIG.passwordPolicy.requireLowercase,
        requireUppercase: AUTH_CONFIG.passwordPolicy.requireUppercase,
        requireDigits: AUTH_CONFIG.passwordPolicy.requireDigits,
        requireSymbols: AUTH_CONFIG.passwordPolicy.requireSymbols,
        tempPasswordValidity: Duration.days(3),
      },
      // Password reset is the app's own e-mailed link (AdminSetUserPassword), never Cognito's mail.
      accountRecovery: AccountRecovery.NONE,
      mfa: Mfa.OFF,
      featurePlan: FeaturePlan.ESSENTIALS,
      deletionProtection: stage.deletionProtection,
      removalPolicy: stage.removalPolicy,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          "The spec's sign-up form accepts passwords of 6 characters with no class rules; a stricter pool policy would reject what the form accepts (see shared/auth-config.ts and docs/decisions/004).",
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'The spec signs students in with e-mail and password (or Google); it specifies no second factor.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Essentials is free up to 10,000 MAU; Plus (threat protection) is billed per MAU and is not justified for a free student marketplace yet.',
      },
    );

    let google: UserPoolIdentityProviderGoogle | undefined;
    if (stage.google) {
      google = new UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool: this.userPool,
        clientId: stage.google.clientId,
        clientSecretValue: SecretValue.secretsManager(stage.google.clientSecretName),
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: { email: ProviderAttribute.GOOGLE_EMAIL, fullname: ProviderAttribute.GOOGLE_NAME },
      });
      this.domain = this.userPool.addDomain('HostedUi', {
        cognitoDomain: { domainPrefix: stage.google.domainPrefix },
      });
    }

    this.client = this.userPool.addClient('WebClient', {
      generateSecret: false,
      writeAttributes: CLIENT_WRITE_ATTRIBUTES,
      // The SPA signs in with SRP, locally too (decision 059); refresh tokens are always allowed.
      authFlows: { userSrp: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.minutes(AUTH_CONFIG.tokenValidity.accessMinutes),
      idTokenValidity: Duration.minutes(AUTH_CONFIG.tokenValidity.idMinutes),
      refreshTokenValidity: Duration.days(AUTH_CONFIG.tokenValidity.refreshDays),
      // Without Google there is no hosted UI, so no OAuth flow (CDK would default to example.com callbacks).
      ...(google
        ? {
            supportedIdentityProviders: [
              UserPoolClientIdentityProvider.COGNITO,
              UserPoolClientIdentityProvider.GOOGLE,
            ],
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
              callbackUrls: [`${props.appUrl}/auth/callback`],
              logoutUrls: [`${props.appUrl}/`],
            },
          }
        : { disableOAuth: true }),
    });
    if (google) this.client.node.addDependency(google);

    this.groups = AUTH_CONFIG.groups.map(
      (groupName) => new UserPoolGroup(this, `Group-${groupName}`, { userPool: this.userPool, groupName }),
    );
  }

  /** The token issuer the API's functions trust (TOKEN_ISSUER). */
  get issuer(): string {
    // ProviderURL is `cognito-idp.<region>.amazonaws.com/<pool id>`, without the scheme.
    return `https://${this.userPool.userPoolProviderUrl}`;
  }

  /** Hosted UI host name (no scheme) for Amplify's oauth.domain, when Google sign-in is configured. */
  get oauthDomain(): string | undefined {
    return this.domain
      ? `${this.domain.domainName}.auth.${Stack.of(this).region}.amazoncognito.com`
      : undefined;
  }

  /**
   * Sets TOKEN_ISSUER and USER_POOL_CLIENT_ID: the function verifies its callers' tokens itself
   * (there is no JWT authorizer: decision 043). No grant: the pool's JWKS is public.
   */
  bindTokenVerification(fn: AppFunction): void {
    fn.setEnv(ENV.tokenIssuer, this.issuer).setEnv(ENV.userPoolClientId, this.client.userPoolClientId);
  }

  /**
   * Sets USER_POOL_ID and USER_POOL_CLIENT_ID (the web client's id, which the tokens it verifies
   * are issued to) and grants the given admin actions on this pool only.
   * @default actions - the account handlers' IDENTITY_ACTIONS
   */
  bindIdentity(fn: AppFunction, actions: readonly string[] = IDENTITY_ACTIONS): void {
    fn.setEnv(ENV.userPoolId, this.userPool.userPoolId);
    fn.setEnv(ENV.userPoolClientId, this.client.userPoolClientId);
    fn.addToRolePolicy(
      new PolicyStatement({ actions: [...actions], resources: [this.userPool.userPoolArn] }),
    );
  }
}
