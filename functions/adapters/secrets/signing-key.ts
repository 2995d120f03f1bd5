import { ENV, isLocal, optionalEnv } from '../../commons/env';
import { sdkLogger, traced } from '../../commons/observability';
import { once } from '../../commons/once';
import type { SigningKeySource } from '../../ports/notifications';

/** Shorter secrets are refused: a weak key would let links be forged. */
const MIN_SECRET_LENGTH = 32;

/**
 * The secret that signs unsubscribe links. In AWS, the stack's generated Secrets Manager secret
 * (NOTIFY_SECRET_ARN; the function may read that one secret), read once per process — the SDK
 * module loads then. Locally (APP_RUNTIME=local only), NOTIFY_SECRET, which the local stack
 * generates into its data directory. Never a value in code.
 */
export function createSigningKeySource(): SigningKeySource {
  return once(async () => {
    const arn = optionalEnv(ENV.notifySecretArn);
    let secret: string | undefined;
    if (arn) {
      const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
      const client = await traced(new SecretsManagerClient({ region: process.env.AWS_REGION ?? 'us-east-1', logger: sdkLogger }));
      secret = (await client.send(new GetSecretValueCommand({ SecretId: arn }))).SecretString;
    } else if (isLocal()) {
      secret = optionalEnv(ENV.notifySecret);
    }
    if (!secret || secret.length < MIN_SECRET_LENGTH)
      throw new Error(
        `${arn ? ENV.notifySecretArn : ENV.notifySecret} gives no signing secret of ${MIN_SECRET_LENGTH}+ characters`,
      );
    return new Uint8Array(Buffer.from(secret, 'utf8'));
  });
}
