import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** File of the data directory that keeps the local stack's unsubscribe-link secret. */
export const NOTIFY_SECRET_FILE = 'notify-secret';

/**
 * The secret that signs the local stack's unsubscribe links (in AWS a Secrets Manager secret the
 * stack generates): generated once per data directory and kept there, so links in the local mailbox
 * keep working across restarts; a fresh one per run for an in-memory stack. Never in the repository.
 */
export function localNotifySecret(dataDir?: string): string {
  const fresh = () => randomBytes(48).toString('base64url');
  if (!dataDir) return fresh();
  const file = join(dataDir, NOTIFY_SECRET_FILE);
  try {
    writeFileSync(file, `${fresh()}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}
