import { logger } from '../../commons/observability';
import type { StreamChange } from '../../ports/stream';
import { heldForReviewMail } from './mail-templates';
import { type NotifyDeps, recipientOf } from './question-notifications';

/**
 * The seller is told when reports hide their product for review (docs/decisions/019): without it
 * a listing vanishes from every list and search with no word to the person who published it.
 */

export interface HoldEvent {
  productId: number;
  ownerId: string;
  title: string;
}

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/**
 * The hold a product change makes, if any: a product item that was not held and now is. Anything
 * else (a release, a later edit of a held product, a product without an account behind it) is none.
 */
export function holdEventOf(change: StreamChange): HoldEvent | null {
  if (change.eventName !== 'MODIFY') return null;
  const before = change.oldImage ?? {};
  const after = change.newImage ?? {};
  if (nonEmpty(before.held_at) || !nonEmpty(after.held_at)) return null;
  if (!nonEmpty(after.owner_id) || typeof after.id !== 'number') return null;
  return {
    productId: after.id,
    ownerId: after.owner_id,
    title: nonEmpty(after.title) ? after.title : `#${after.id}`,
  };
}

/** The release a product change makes, if any: a held product an admin released (hold_released_at). */
export function releaseEventOf(change: StreamChange): HoldEvent | null {
  if (change.eventName !== 'MODIFY') return null;
  const before = change.oldImage ?? {};
  const after = change.newImage ?? {};
  if (!nonEmpty(before.held_at) || nonEmpty(after.held_at) || !nonEmpty(after.hold_released_at)) return null;
  if (!nonEmpty(after.owner_id) || typeof after.id !== 'number') return null;
  return {
    productId: after.id,
    ownerId: after.owner_id,
    title: nonEmpty(after.title) ? after.title : `#${after.id}`,
  };
}

/**
 * The stream dispatcher's handler: mails the seller once per hold. It is a product's `last` step,
 * run only once every lane succeeded for the change, so a retry another lane caused (the counts or
 * the index failed) does not mail again; a failure of the mail itself retries the record, so the
 * seller may rarely get it twice but never not at all.
 */
export async function notifyHold(
  deps: Pick<NotifyDeps, 'notifySettings' | 'userDirectory' | 'profiles' | 'now' | 'mailer' | 'appUrl'>,
  change: StreamChange,
): Promise<void> {
  const event = holdEventOf(change);
  if (!event) return;
  const recipient = await recipientOf(deps, event.ownerId);
  if (!recipient) {
    logger.warn('held product not mailed: the seller has no address', { productId: event.productId });
    return;
  }
  const myProducts = `${deps.appUrl().replace(/\/$/, '')}/my-products`;
  await deps.mailer.send(heldForReviewMail(recipient.email, recipient.name, event.title, myProducts));
  logger.info('seller told of the hold', { productId: event.productId });
}
