import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { generateVapidKeys } from '../../adapters/push/web-push-request';
import { logger, sdkLogger, traced } from '../../commons/observability';
import { answerCloudFormation, type CustomResourceOutcome } from './cloudformation-answer';

const PAIR = { publicKey: /^[A-Za-z0-9_-]{87}$/, privateKey: /^[A-Za-z0-9_-]{43}$/ };

/** A stored value that is a VAPID pair, or null. */
export function vapidPairIn(text: string | undefined): { publicKey: string; privateKey: string } | null {
  try {
    const v = JSON.parse(text ?? '') as { publicKey?: unknown; privateKey?: unknown };
    return typeof v.publicKey === 'string' &&
      PAIR.publicKey.test(v.publicKey) &&
      typeof v.privateKey === 'string' &&
      PAIR.privateKey.test(v.privateKey)
      ? { publicKey: v.publicKey, privateKey: v.privateKey }
      : null;
  } catch {
    return null;
  }
}

async function keyPair(secretArn: string): Promise<string> {
  const { SecretsManagerClient, GetSecretValueCommand, PutSecretValueCommand } = await import(
    '@aws-sdk/client-secrets-manager'
  );
  const client = await traced(
    new SecretsManagerClient({ region: process.env.AWS_REGION, logger: sdkLogger }),
  );
  const stored = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
  let pair = vapidPairIn(stored.SecretString);
  if (!pair) {
    pair = generateVapidKeys();
    await client.send(new PutSecretValueCommand({ SecretId: secretArn, SecretString: JSON.stringify(pair) }));
  }
  return pair.publicKey;
}

/**
 * The stack's custom resource that makes the stage's VAPID pair at its first deploy (issue 41): the
 * secret is created with a random value, which is not a pair, so the pair is made and stored then;
 * every later deploy finds it and keeps it (a device's subscription is bound to the public key: a
 * new pair would silence every device). It answers CloudFormation itself (the custom resource
 * protocol: a PUT of the outcome to the request's presigned URL), always, failures included, so a
 * deploy never waits an hour for it; the answer carries the public key for the web app's runtime
 * configuration, never the private one. Deleting it leaves the secret to its own removal policy.
 */
export async function handler(event: CloudFormationCustomResourceEvent): Promise<void> {
  const secretArn = String(event.ResourceProperties.SecretArn);
  let outcome: CustomResourceOutcome;
  try {
    outcome =
      event.RequestType === 'Delete'
        ? { Status: 'SUCCESS' }
        : { Status: 'SUCCESS', Data: { PublicKey: await keyPair(secretArn) } };
  } catch (error) {
    logger.error('VAPID key pair not made', { error: String(error) });
    outcome = { Status: 'FAILED', Reason: `VAPID key pair not made: ${String(error).slice(0, 200)}` };
  }
  await answerCloudFormation(event, outcome, secretArn);
}
