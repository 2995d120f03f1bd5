import { CARACAS_TIME_ZONE } from '#shared/caracas-time';
import { DELETED_ACCOUNT_NAME } from '#shared/deals';
import { logger } from '../../commons/observability';
import type { ProfileRepository } from '../../ports/accounts';
import type { StreamChange } from '../../ports/stream';
import { dealToConfirmMail } from './mail-templates';
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

/** Mails the named buyer '¿Recibiste «…»?' once the sale is closed (their switch allowing). */
export async function notifyDealChange(
  deps: Pick<
    NotifyDeps,
    'notifySettings' | 'userDirectory' | 'now' | 'mailer' | 'appUrl' | 'unsubscribeKey'
  > & {
    profiles: Pick<ProfileRepository, 'get' | 'createIfAbsent'>;
  },
  change: StreamChange,
): Promise<void> {
  const sale = saleToConfirmOf(change);
  if (!sale) return;
  const recipient = await recipientOf(deps, sale.buyerId);
  if (!recipient?.questions) return;
  const seller = await deps.profiles.get(sale.sellerId);
  const origin = deps.appUrl().replace(/\/$/, '');
  const token = signUnsubscribeToken(await deps.unsubscribeKey(), sale.buyerId, deps.now());
  await deps.mailer.send(
    dealToConfirmMail({
      to: recipient.email,
      recipientName: recipient.name,
      productTitle: sale.title,
      sellerName: seller?.full_name?.trim() || DELETED_ACCOUNT_NAME,
      answerBy: dayFormat.format(new Date(sale.answerBy)),
      purchasesUrl: `${origin}/my-purchases`,
      unsubscribeUrl: `${origin}/notificaciones/baja#token=${token}`,
      oneClickUrl: `${origin}/api/notifications/unsubscribe?token=${token}`,
      settingsUrl: `${origin}/settings`,
    }),
  );
  logger.info('buyer asked to confirm a deal', { productId: sale.productId });
}
