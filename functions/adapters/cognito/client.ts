import { ENV, optionalEnv } from '../../commons/env';
import { sdkLogger, traced } from '../../commons/observability';
import { once } from '../../commons/once';

/**
 * A loader of the user pool's SDK module and a client, both made on first use: functions that never
 * call the pool never load them. Locally (COGNITO_ENDPOINT) the client talks to the emulator behind
 * its proxy. One loader per adapter, so each reads the environment it is first used in.
 */
export const cognitoLoader = () =>
  once(async () => {
    const mod = await import('@aws-sdk/client-cognito-identity-provider');
    const endpoint = optionalEnv(ENV.cognitoEndpoint);
    const client = await traced(
      new mod.CognitoIdentityProviderClient({
        region: process.env.AWS_REGION ?? 'us-east-1',
        logger: sdkLogger,
        ...(endpoint
          ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 }
          : {}),
      }),
    );
    return { client, ...mod };
  });
