import { ENTITY_ATTRIBUTE, TTL_ATTRIBUTE } from '#shared/table';
import type { SendCounter } from '../../ports/accounts';
import type { TableAccess } from './client';
import { sendWindowEntity } from './entities';
import { type Table, tableOf, type WriteOp } from './table';

/**
 * Sliding windows of uses per subject (`sendWindow` items: the times of the uses), exact under any
 * burst: a use is ONE conditional append that DynamoDB applies only while the list holds fewer than
 * `max` times (concurrent appends are serialised by the table, so exactly `max` win and none is lost
 * to contention). When the list is full, the times that left the window are dropped with an
 * optimistic write (by version) and the append is tried again. The append is either a write of its
 * own (SendCounter) or one item of a create's transaction (decision 041), so the use is spent only
 * when the create is written.
 */

const epochSeconds = (ms: number) => Math.ceil(ms / 1000);

/** The conditional append of one use at `now` (a write of its own, or a transaction's item). */
export function windowUse(subject: string, now: number, max: number, windowMs: number): WriteOp {
  return sendWindowEntity.update(
    { subject },
    {
      expression:
        'SET sends = list_append(if_not_exists(sends, :none), :now), #entity = :entity, #ttl = :ttl ADD version :one',
      names: { '#entity': ENTITY_ATTRIBUTE, '#ttl': TTL_ATTRIBUTE },
      values: {
        ':none': [],
        ':now': [now],
        ':entity': 'sendWindow',
        ':ttl': epochSeconds(now + windowMs) + 60,
        ':one': 1,
      },
    },
    {
      upsert: true,
      condition: { expression: 'attribute_not_exists(sends) OR size(sends) < :max', values: { ':max': max } },
    },
  );
}

/**
 * After an append was refused for a full list: 'full' when `max` uses are inside the window (the
 * use is refused), else the times that left it are dropped ('room': append again; another caller
 * may have changed the list meanwhile, which the next append finds out).
 */
export async function pruneWindow(
  table: Table,
  subject: string,
  now: number,
  max: number,
  windowMs: number,
): Promise<'full' | 'room'> {
  const stored = await sendWindowEntity.get(table, { subject }, { consistent: true });
  if (!stored) return 'room';
  const recent = stored.sends.filter((t) => t > now - windowMs);
  if (recent.length >= max) return 'full';
  const written = await table.write(
    sendWindowEntity.update(
      { subject },
      { expression: 'SET sends = :recent ADD version :one', values: { ':recent': recent, ':one': 1 } },
      {
        upsert: true,
        condition:
          stored.version === undefined
            ? { expression: 'attribute_not_exists(version)' }
            : { expression: 'version = :v', values: { ':v': stored.version } },
      },
    ),
  );
  // Another caller changed the list meanwhile: the next append reads it again.
  if (!written) await new Promise((r) => setTimeout(r, Math.random() * 10));
  return 'room';
}

/** Whether a use would fit now (a read only: the use itself is spent by a write). */
export async function windowHasRoom(
  table: Table,
  subject: string,
  now: number,
  max: number,
  windowMs: number,
): Promise<boolean> {
  const stored = await sendWindowEntity.get(table, { subject }, { consistent: true });
  return !stored || stored.sends.filter((t) => t > now - windowMs).length < max;
}

/** Rounds of "full: drop what left the window, then append again" before a caller is refused. */
const SEND_WINDOW_ATTEMPTS = 20;

/** The sliding windows of uses per subject, each use a write of its own. */
export function createSendCounter(access: TableAccess): SendCounter {
  const table = tableOf(access);
  return {
    async tryCount(subject, now, max, windowMs) {
      for (let attempt = 0; attempt < SEND_WINDOW_ATTEMPTS; attempt += 1) {
        if (await table.write(windowUse(subject, now, max, windowMs))) return true;
        // Full: of uses inside the window (refused), or of old ones to drop first.
        if ((await pruneWindow(table, subject, now, max, windowMs)) === 'full') return false;
      }
      // Still failing after every round: an abusive burst on one subject; refuse this use.
      return false;
    },
    hasRoom: (subject, now, max, windowMs) => windowHasRoom(table, subject, now, max, windowMs),
  };
}
