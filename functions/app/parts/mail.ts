import { createSesMailer } from '../../adapters/mail/ses';
import { ENV, requireEnv } from '../../commons/env';
import type { PartFactories } from '../context';

/** SES, and the web app's origin for the links in mails (its SDK module loads on the first mail). */
export const mailParts = {
  mailer: createSesMailer,
  appUrl: () => () => requireEnv(ENV.appUrl),
} satisfies PartFactories<'mailer' | 'appUrl'>;
