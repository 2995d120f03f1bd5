import { Duration, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  StringAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolGroup,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { ENV } from '../../functions/commons/env';
import { AUTH_CONFIG } from '../../shared/auth-config';
import type { StageConfig } from '../stages';
import type { AppFunction } from './app-function';

export interface AuthProps {
  readonly stage: StageConfig;
}

/** The Cognito user pool, its SPA client and the admin groups, from shared/auth-config.ts. */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly groups: UserPoolGroup[];

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
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: AUTH_CONFIG.caseSensitive,
      autoVerify: { email: true },
      keepOriginal: { email: true },
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
      accountRecovery: AccountRecovery.EMAIL_ONLY,
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
          'The spec signs students in with e-mail and password (and Google later); no second factor is specified. Admin MFA is a candidate for the accounts issue.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Essentials is free up to 10,000 MAU; Plus (threat protection) is billed per MAU and is not justified for a free student marketplace yet.',
      },
    );

    this.client = this.userPool.addClient('WebClient', {
      generateSecret: false,
      // The SPA signs in with SRP; refresh tokens are always allowed. USER_PASSWORD_AUTH is local-only.
      authFlows: { userSrp: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.minutes(AUTH_CONFIG.tokenValidity.accessMinutes),
      idTokenValidity: Duration.minutes(AUTH_CONFIG.tokenValidity.idMinutes),
      refreshTokenValidity: Duration.days(AUTH_CONFIG.tokenValidity.refreshDays),
    });

    this.groups = AUTH_CONFIG.groups.map(
      (groupName) => new UserPoolGroup(this, `Group-${groupName}`, { userPool: this.userPool, groupName }),
    );
  }

  /** The token issuer the HTTP API's JWT authorizer trusts. */
  get issuer(): string {
    // ProviderURL is `cognito-idp.<region>.amazonaws.com/<pool id>`, without the scheme.
    return `https://${this.userPool.userPoolProviderUrl}`;
  }

  /** Sets the pool and client ids the handlers read (e.g. to check tokens or manage users later). */
  bindAuth(fn: AppFunction): void {
    fn.setEnv(ENV.userPoolId, this.userPool.userPoolId).setEnv(
      ENV.userPoolClientId,
      this.client.userPoolClientId,
    );
  }
}
