import { join } from 'node:path';
import { CustomResource, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ENV } from '../../functions/commons/env';
import type { StageConfig } from '../stages';
import { AppFunction } from './app-function';

export interface PushProps {
  readonly stage: StageConfig;
  /** functions/app: the custom resource's entry is there. */
  readonly functionsDir: string;
}

/**
 * Web Push (issue 41): the stage's VAPID key pair, in a Secrets Manager secret that a custom
 * resource fills at the first deploy (functions/app/jobs/vapid-keys.ts) and every later deploy keeps;
 * its public key goes into the web app's runtime configuration (`publicKey`). `bindSender` lets a
 * function that pushes read that one secret.
 */
export class Push extends Construct {
  readonly secret: Secret;
  /** The VAPID public key (base64url), known once the custom resource ran. */
  readonly publicKey: string;

  constructor(scope: Construct, id: string, props: PushProps) {
    super(scope, id);
    this.secret = new Secret(this, 'VapidKeys', {
      description: `Web Push's VAPID key pair (${props.stage.name}); made at the first deploy, then kept`,
      removalPolicy: props.stage.removalPolicy,
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        "Every device's subscription is bound to this key pair: rotating it silences every device until it subscribes again. Rotated by hand, only if it leaks.",
    });
    const maker = new AppFunction(this, 'MakeKeys', {
      entry: join(props.functionsDir, 'jobs', 'vapid-keys.ts'),
      stage: props.stage,
      description: `Makes the VAPID key pair at the first deploy (${props.stage.name})`,
      timeoutSeconds: 30,
    });
    this.secret.grantRead(maker);
    this.secret.grantWrite(maker);
    // The function answers CloudFormation itself: no provider framework (its own function and role).
    const resource = new CustomResource(this, 'KeyPair', {
      serviceToken: maker.functionArn,
      properties: { SecretArn: this.secret.secretArn },
    });
    this.publicKey = resource.getAttString('PublicKey');
  }

  /** Sets VAPID_SECRET_ARN and lets the function read that secret's value (nothing else). */
  bindSender(fn: AppFunction): void {
    fn.setEnv(ENV.vapidSecretArn, this.secret.secretArn);
    this.secret.grantRead(fn);
  }
}
