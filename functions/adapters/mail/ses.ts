import { ENV, optionalEnv, requireEnv } from '../../commons/env';
import { sdkLogger, traced } from '../../commons/observability';
import { once } from '../../commons/once';
import type { Mailer } from '../../ports/accounts';

/**
 * SES through its v2 API (SendEmail with simple content: HTML, text and, when a mail has them,
 * extra headers such as List-Unsubscribe); locally the aws-ses-v2-local emulator, which keeps those
 * headers in its mailbox. The SDK module is loaded on the first mail, so functions that never send
 * one never load it. The grant is the same `ses:SendEmail` on the stage identity.
 */
export function createSesMailer(): Mailer {
  const ses = once(async () => {
    const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
    const endpoint = optionalEnv(ENV.sesEndpoint);
    const client = await traced(
      new SESv2Client({
        region: process.env.AWS_REGION ?? 'us-east-1',
        logger: sdkLogger,
        ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
      }),
    );
    return { client, SendEmailCommand };
  });
  return {
    async send({ to, subject, html, text, headers }) {
      const { client, SendEmailCommand } = await ses();
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: requireEnv(ENV.mailFrom),
          Destination: { ToAddresses: [to] },
          Content: {
            Simple: {
              Subject: { Data: subject, Charset: 'UTF-8' },
              Body: { Html: { Data: html, Charset: 'UTF-8' }, Text: { Data: text, Charset: 'UTF-8' } },
              ...(headers?.length
                ? { Headers: headers.map(({ name, value }) => ({ Name: name, Value: value })) }
                : {}),
            },
          },
        }),
      );
    },
  };
}
