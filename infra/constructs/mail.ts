import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { ENV } from '../../functions/commons/env';
import type { StageConfig } from '../stages';
import type { AppFunction } from './app-function';

export interface MailProps {
  readonly stage: StageConfig;
  /** Public https origin of the web app, used for links in e-mails (APP_URL). */
  readonly appUrl: string;
}

/**
 * Sending e-mail through SES as the stage's verified identity. The identity itself is verified out
 * of band (DNS records, production access), so this construct holds no resource: it only scopes the
 * grant to that identity (and the configuration set, when the stage names one).
 */
export class Mail extends Construct {
  readonly identityArn: string;
  readonly configurationSetArn?: string;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: MailProps,
  ) {
    super(scope, id);
    const stack = Stack.of(this);
    const { mail, mailFrom } = props.stage;
    // SES rejects a sender outside the identity; fail at synth rather than at the first sign-up.
    if (mailFrom !== mail.identity && !mailFrom.endsWith(`@${mail.identity}`)) {
      throw new Error(
        `Stage ${props.stage.name}: mailFrom ${mailFrom} is not an address of ${mail.identity}`,
      );
    }
    this.identityArn = stack.formatArn({ service: 'ses', resource: 'identity', resourceName: mail.identity });
    if (mail.configurationSet) {
      this.configurationSetArn = stack.formatArn({
        service: 'ses',
        resource: 'configuration-set',
        resourceName: mail.configurationSet,
      });
    }
  }

  /** Sets MAIL_FROM and APP_URL and lets the function send as the identity (nothing else). */
  bindMail(fn: AppFunction): void {
    fn.setEnv(ENV.mailFrom, this.props.stage.mailFrom).setEnv(ENV.appUrl, this.props.appUrl);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        // SES authorizes a send against the identity and, when one is named, the configuration set.
        resources: [this.identityArn, ...(this.configurationSetArn ? [this.configurationSetArn] : [])],
      }),
    );
  }
}
