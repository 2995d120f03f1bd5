import { ENV, optionalEnv, requireEnv } from '../../commons/env';
import { traced } from '../../commons/observability';
import { once } from '../../commons/once';
import type { Mailer } from '../../ports/accounts';

/**
 * SES (v1 API: the v2 client is not installed); locally the aws-ses-v2-local emulator. The SDK
 * module is loaded on the first mail, so functions that never send one never load it.
 */
export function createSesMailer(): Mailer {
  const ses = once(async () => {
    const { SESClient, SendEmailCommand } = await import('@aws-sdk/client-ses');
    const endpoint = optionalEnv(ENV.sesEndpoint);
    const client = traced(
      new SESClient({
        region: process.env.AWS_REGION ?? 'us-east-1',
        ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
      }),
    );
    return { client, SendEmailCommand };
  });
  return {
    async send({ to, subject, html, text }) {
      const { client, SendEmailCommand } = await ses();
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
