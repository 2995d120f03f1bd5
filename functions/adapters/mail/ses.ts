import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { ENV, optionalEnv, requireEnv } from '../../commons/env';
import type { Mailer } from '../../ports/accounts';

/** SES (v1 API: the v2 client is not installed); locally the aws-ses-v2-local emulator. */
export function createSesMailer(): Mailer {
  let client: SESClient | undefined;
  return {
    async send({ to, subject, html, text }) {
      if (!client) {
        const endpoint = optionalEnv(ENV.sesEndpoint);
        client = new SESClient({
          region: process.env.AWS_REGION ?? 'us-east-1',
          ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
        });
      }
      await client.send(
        new SendEmailCommand({
          Source: requireEnv(ENV.mailFrom),
          Destination: { ToAddresses: [to] },
          Message: {
            Subject: { Data: subject, Charset: 'UTF-8' },
            Body: { Html: { Data: html, Charset: 'UTF-8' }, Text: { Data: text, Charset: 'UTF-8' } },
          },
        }),
      );
    },
  };
}
