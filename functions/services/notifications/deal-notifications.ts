import { CARACAS_TIME_ZONE } from '#shared/caracas-time';
import { shownName } from '#shared/deals';
import { logger } from '../../commons/observability';
import type { ProfileRepository } from '../../ports/accounts';
import type { StreamChange } from '../../ports/stream';
import { dealToConfirmMail, reviewReceivedMail, reviewWindowClosingMail } from './mail-templates';
import { type NotifyDeps, recipientOf } from './question-notifications';
import { signUnsubscribeToken } from './unsubscribe-tokens';

/**
 * The deals' mails (issue 40), from the stream: the table's change is the event, so a crash after a
 * sale is closed and before its mail loses neither (the stream retries the record until it is
 * mailed). They follow the switch and unsubscribe link of the question mails.
 */

const text = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** A sale just closed with a named buyer: the deal entered 'pending' with this change. */
export function saleToConfirmOf(
  change: StreamChange,
): { productId: number; buyerId: string; sellerId: string; title: string; answerBy: string } | null {
  if (change.eventName === 'REMOVE') return null;
  const after = change.newImage ?? {};
  if (after.state !== 'pending' || change.oldImage?.state === 'pending') return null;
  if (typeof after.product_id !== 'number' || !text(after.buyer_id) || !text(after.seller_id)) return null;
  if (!text(after.title) || !text(after.answer_by)) return null;
  return {
    productId: after.product_id,
    buyerId: after.buyer_id,
    sellerId: after.seller_id,
    title: after.title,
    answerBy: after.answer_by,
  };
}

const dayFormat = new Intl.DateTimeFormat('es-VE', {
  day: 'numeric',
  month: 'long',
  timeZone: CARACAS_TIME_ZONE,
});

/** The review window's reminder was just marked: who has not reviewed yet. */
export function reminderOf(change: StreamChange) {
  if (change.eventName !== 'MODIFY') return null;
  const after = change.newImage ?? {};
  if (!text(after.reminded_at) || text(change.oldImage?.reminded_at)) return null;
  if (typeof after.product_id !== 'number' || !text(after.buyer_id) || !text(after.seller_id)) return null;
  if (!text(after.title) || !text(after.review_until)) return null;
  return {
    productId: after.product_id,
    title: after.title,
    until: after.review_until,
    sides: (['buyer', 'seller'] as const).filter((s) => after[`${s}_reviewed`] !== true),
    buyerId: after.buyer_id,
    sellerId: after.seller_id,
  };
}

/** A deal's change that mails someone: a sale to confirm, or a review window about to close. */
export const dealChangeMails = (change: StreamChange) =>
  saleToConfirmOf(change) !== null || reminderOf(change) !== null;

type MailDeps = Pick<
  NotifyDeps,
  'notifySettings' | 'userDirectory' | 'now' | 'mailer' | 'appUrl' | 'unsubscribeKey'
> & {
  profiles: Pick<ProfileRepository, 'get' | 'createIfAbsent'>;
};

/** The links of a notification mail to `userId`: the app's origin and their unsubscribe links. */
async function linksFor(deps: MailDeps, userId: string) {
  const origin = deps.appUrl().replace(/\/$/, '');
  const token = signUnsubscribeToken(await deps.unsubscribeKey(), userId, deps.now());
  return {
    origin,
    unsubscribeUrl: `${origin}/notificaciones/baja#token=${token}`,
    oneClickUrl: `${origin}/api/notifications/unsubscribe?token=${token}`,
    settingsUrl: `${origin}/settings`,
  };
}

const nameOf = async (deps: MailDeps, userId: string) => shownName(await deps.profiles.get(userId));

/**
 * Mails the named buyer '¿Recibiste «…»?' once the sale is closed, and each side who has not
 * reviewed yet when the window's reminder is marked (their switch allowing).
 */
export async function notifyDealChange(deps: MailDeps, change: StreamChange): Promise<void> {
  const sale = saleToConfirmOf(change);
  if (sale) {
    const recipient = await recipientOf(deps, sale.buyerId);
    if (recipient?.questions) {
      const { origin, ...links } = await linksFor(deps, sale.buyerId);
      await deps.mailer.send(
        dealToConfirmMail({
          to: recipient.email,
          recipientName: recipient.name,
          productTitle: sale.title,
          sellerName: await nameOf(deps, sale.sellerId),
          answerBy: dayFormat.format(new Date(sale.answerBy)),
          purchasesUrl: `${origin}/my-purchases`,
          ...links,
        }),
      );
      logger.info('buyer asked to confirm a deal', { productId: sale.productId });
    }
  }
  const reminder = reminderOf(change);
  if (!reminder) return;
  for (const side of reminder.sides) {
    const userId = side === 'buyer' ? reminder.buyerId : reminder.sellerId;
    const recipient = await recipientOf(deps, userId);
    if (!recipient?.questions) continue;
    const { origin, ...links } = await linksFor(deps, userId);
    await deps.mailer.send(
      reviewWindowClosingMail({
        to: recipient.email,
        recipientName: recipient.name,
        productTitle: reminder.title,
        otherName: await nameOf(deps, side === 'buyer' ? reminder.sellerId : reminder.buyerId),
        until: dayFormat.format(new Date(reminder.until)),
        pageUrl: `${origin}${side === 'buyer' ? '/my-purchases' : '/my-products'}`,
        ...links,
      }),
    );
  }
  logger.info('review window reminder mailed', { productId: reminder.productId, sides: reminder.sides });
}

/** A review that just became visible (and is not hidden): its subject is told. */
export function reviewShownOf(change: StreamChange) {
  if (change.eventName === 'REMOVE') return null;
  const after = change.newImage ?? {};
  if (!text(after.visible_at) || text(change.oldImage?.visible_at) || text(after.hidden_at)) return null;
  if (typeof after.product_id !== 'number' || !text(after.subject_id) || !text(after.author_id)) return null;
  if (typeof after.stars !== 'number' || !text(after.title)) return null;
  return {
    productId: after.product_id,
    side: after.side === 'seller' ? ('seller' as const) : ('buyer' as const),
    subjectId: after.subject_id,
    authorId: after.author_id,
    title: after.title,
    stars: after.stars,
    text: text(after.text) ? after.text : null,
  };
}

/** Mails the reviewed person once a review of them is visible (both wrote, or the window closed). */
export async function notifyReviewShown(deps: MailDeps, change: StreamChange): Promise<void> {
  const shown = reviewShownOf(change);
  if (!shown) return;
  const recipient = await recipientOf(deps, shown.subjectId);
  if (!recipient?.questions) return;
  const { origin, ...links } = await linksFor(deps, shown.subjectId);
  await deps.mailer.send(
    reviewReceivedMail({
      to: recipient.email,
      recipientName: recipient.name,
      productTitle: shown.title,
      authorName: await nameOf(deps, shown.authorId),
      stars: shown.stars,
      text: shown.text,
      // A seller's reviews are on their page (where they reply); a buyer's only count in an average.
      pageUrl:
        shown.side === 'buyer'
          ? `${origin}/vendedor/${encodeURIComponent(shown.subjectId)}`
          : `${origin}/my-purchases`,
      ...links,
    }),
  );
  logger.info('reviewed person told of a visible review', { productId: shown.productId, side: shown.side });
}
