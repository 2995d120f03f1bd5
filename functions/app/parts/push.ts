import { createWebPushSender } from '../../adapters/push/web-push-sender';
import { createVapidKeySource } from '../../adapters/secrets/vapid-keys';
import { ENV, requireEnv } from '../../commons/env';
import type { PartFactories } from '../context';

/** The sender's address, as mails name it ('Mercado Universitario <no-reply@…>'): VAPID's subject. */
const subjectOf = (from: string) => `mailto:${/<([^>]+)>/.exec(from)?.[1] ?? from.trim()}`;

/**
 * Web Push's sender (issue 41; the devices and switches are table parts). It signs with the
 * stage's VAPID pair (in AWS the stack's Secrets Manager secret, which only the functions that
 * push may read) on behalf of the stage's mail sender.
 */
export const pushSenderParts = {
  pushSender: () =>
    createWebPushSender({ subject: subjectOf(requireEnv(ENV.mailFrom)), keys: createVapidKeySource() }),
} satisfies PartFactories<'pushSender'>;
