import { ENV, isLocal, optionalEnv } from '../../commons/env';
import { sdkLogger, traced } from '../../commons/observability';
import { once } from '../../commons/once';

import type { VapidKeys } from '../push/web-push-request';

/** The stage's VAPID key pair (RFC 8292), read once. */
export type VapidKeySource = () => Promise<VapidKeys>;

const PUBLIC_KEY = /^[A-Za-z0-9_-]{87}$/;
const PRIVATE_KEY = /^[A-Za-z0-9_-]{43}$/;

/**
 * The key pair pushes are signed with. In AWS, the stack's Secrets Manager secret (VAPID_SECRET_ARN,
 * JSON `{ publicKey, privateKey }`, made at the first deploy), read once per process. Locally
 * (APP_RUNTIME=local only), VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, which the local stack makes
 * in its data directory. Never a value in code.
 */
export function createVapidKeySource(): VapidKeySource {
  return once(async () => {
    const arn = optionalEnv(ENV.vapidSecretArn);
    let keys: Partial<VapidKeys> = {};
    if (arn) {
      const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
      const client = await traced(
        new SecretsManagerClient({ region: process.env.AWS_REGION ?? 'us-east-1', logger: sdkLogger }),
      );
      const text = (await client.send(new GetSecretValueCommand({ SecretId: arn }))).SecretString ?? '{}';
      keys = JSON.parse(text) as Partial<VapidKeys>;
    } else if (isLocal()) {
      keys = { publicKey: optionalEnv(ENV.vapidPublicKey), privateKey: optionalEnv(ENV.vapidPrivateKey) };
    }
    if (
      !keys.publicKey ||
      !PUBLIC_KEY.test(keys.publicKey) ||
      !keys.privateKey ||
      !PRIVATE_KEY.test(keys.privateKey)
    )
      throw new Error(
        `${arn ? ENV.vapidSecretArn : `${ENV.vapidPublicKey}/${ENV.vapidPrivateKey}`} gives no VAPID key pair`,
      );
    return { publicKey: keys.publicKey, privateKey: keys.privateKey };
  });
}
