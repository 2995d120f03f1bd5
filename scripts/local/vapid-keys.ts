import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateVapidKeys, type VapidKeys } from '../../functions/adapters/push/web-push-request';

/** File of the data directory that keeps the local stack's VAPID key pair (issue 41). */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

/**
 * The local stack's VAPID pair (in AWS a Secrets Manager secret made at the first deploy): made
 * once per data directory and kept there, so devices subscribed in a browser keep receiving across
 * restarts (a subscription is bound to the key it was made with); a fresh pair per run for an
 * in-memory stack. Never in the repository.
 */
export function localVapidKeys(dataDir?: string): VapidKeys {
  if (!dataDir) return generateVapidKeys();
  const file = join(dataDir, VAPID_KEYS_FILE);
  try {
    writeFileSync(file, `${JSON.stringify(generateVapidKeys())}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
}
