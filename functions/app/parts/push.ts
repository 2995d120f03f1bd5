import { createPushDeviceStore } from '../../adapters/dynamodb/push';
import { createWebPushSender } from '../../adapters/push/web-push-sender';
import { createVapidKeySource } from '../../adapters/secrets/vapid-keys';
import { ENV, requireEnv } from '../../commons/env';
import type { PartFactories } from '../context';
import { table } from './table';

/** The sender's address, as mails name it ('Mercado Universitario <no-reply@…>'): VAPID's subject. */
const subjectOf = (from: string) => `mailto:${/<([^>]+)>/.exec(from)?.[1] ?? from.trim()}`;

/** Web Push (issue 41): people's devices and switches, in the table. */
export const pushTableParts = {
  pushDevices: () => createPushDeviceStore(table()),
} satisfies PartFactories<'pushDevices'>;

/**
 * The sender, which signs with the stage's VAPID pair (in AWS the stack's Secrets Manager secret,
 * which only the functions that push may read) on behalf of the stage's mail sender.
 */
export const pushSenderParts = {
  pushSender: () =>
    createWebPushSender({ subject: subjectOf(requireEnv(ENV.mailFrom)), keys: createVapidKeySource() }),
} satisfies PartFactories<'pushSender'>;
