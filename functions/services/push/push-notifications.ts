import { formatUsd } from '#shared/money';
import type { PushKind, PushPayload } from '#shared/push';
import type { Product } from '#shared/schemas';
import { countMetric, logger } from '../../commons/observability';
import { METRIC } from '../../commons/metric-names';
import type { PushDeps } from '../../ports/push';
import type { StreamChange } from '../../ports/stream';
import { reminderOf, reviewShownOf, saleToConfirmOf } from '../notifications/deal-notifications';
import { holdEventOf, releaseEventOf } from '../notifications/hold-notifications';
import { questionEventOf } from '../notifications/question-notifications';

/**
 * Web Push (issue 41): each event that mails someone also pushes to their devices, at once (not
 * gathered like the mails), under the kind's switch. From the stream (the same changes the mails
 * come from) as each entity's `last` step, so another step's retry never pushes twice. A push never
 * throws: a push service that fails or hangs (bounded by the sender's timeout) costs that push only,
 * never a mail nor the stream's progress; a device the service says is gone (404/410) is dropped.
 * A push carries its title, body, path and tag only: never an address, a phone or a token.
 */

/** How long a push service keeps a push for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Devices pushed to side by side (a person has at most 10). */
const DEVICES_AT_ONCE = 10;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const quoted = (title: string) => `«${clip(title, 60)}»`;
/** Pushes about the same listing replace each other on the device. */
const listingTag = (productId: number) => `producto-${productId}`;

/** Pushes `payload` to every device of `userId`, if their switch for `kind` is on. Never throws. */
export async function pushTo(
  deps: PushDeps,
  userId: string,
  kind: PushKind,
  payload: PushPayload,
): Promise<number> {
  try {
    const settings = await deps.pushDevices.settings(userId);
    if (!settings?.[kind]) return 0;
    const devices = await deps.pushDevices.devicesOf(userId);
    let sent = 0;
    for (let i = 0; i < devices.length; i += DEVICES_AT_ONCE)
      await Promise.all(
        devices.slice(i, i + DEVICES_AT_ONCE).map(async (device) => {
          const outcome = await deps.pushSender.send(device, payload, {
            ttlSeconds: PUSH_TTL_SECONDS,
            urgency: kind === 'deals' ? 'high' : 'normal',
          });
          countMetric(outcome === 'sent' ? METRIC.pushesSent : METRIC.pushFailures);
          if (outcome === 'sent') sent += 1;
          if (outcome === 'gone') await deps.pushDevices.forget(device);
        }),
      );
    return sent;
  } catch (error) {
    logger.warn('push not sent', { kind, error: error instanceof Error ? error.message : String(error) });
    return 0;
  }
}

export interface PushNotifyDeps extends PushDeps {
  now: () => Date;
}

/** A question's change: a new question to the seller, an answer to the asker. */
export async function pushQuestionChange(deps: PushNotifyDeps, change: StreamChange): Promise<void> {
  const event = questionEventOf(change, deps.now().getTime());
  if (!event) return;
  const image = change.newImage ?? {};
  const title = typeof image.product_title === 'string' ? quoted(image.product_title) : 'tu publicación';
  const path = `/product/${event.key.productId}`;
  if (event.key.kind === 'question')
    await pushTo(deps, event.key.recipient, 'questions', {
      title: 'Nueva pregunta en tu publicación',
      body: clip(`${title}: ${String(image.question_text ?? '')}`, 200),
      path,
      tag: listingTag(event.key.productId),
    });
  else
    await pushTo(deps, event.key.recipient, 'answers', {
      title: 'Respondieron tu pregunta',
      body: clip(`${title}: ${String(image.answer_text ?? '')}`, 200),
      path,
      tag: listingTag(event.key.productId),
    });
}

/** A listing that matches a person's saved search (the alert's immediate mail's event). */
export function pushAlert(deps: PushDeps, userId: string, product: Pick<Product, 'id' | 'title' | 'price'>) {
  return pushTo(deps, userId, 'alerts', {
    title: 'Nuevo producto para tu alerta',
    body: `${clip(product.title, 120)} · ${formatUsd(product.price)}`,
    path: `/product/${product.id}`,
    tag: listingTag(product.id),
  });
}

/** A deal's change: the buyer asked to confirm; each side who has not reviewed, 2 days before the end. */
export async function pushDealChange(deps: PushDeps, change: StreamChange): Promise<void> {
  const sale = saleToConfirmOf(change);
  if (sale)
    await pushTo(deps, sale.buyerId, 'deals', {
      title: `¿Recibiste ${quoted(sale.title)}?`,
      body: 'Confírmalo en Mis Compras.',
      path: '/my-purchases',
      tag: listingTag(sale.productId),
    });
  const reminder = reminderOf(change);
  if (!reminder) return;
  for (const side of reminder.sides)
    await pushTo(deps, side === 'buyer' ? reminder.buyerId : reminder.sellerId, 'deals', {
      title: 'Te quedan 2 días para dejar tu reseña',
      body: `Sobre ${quoted(reminder.title)}.`,
      path: side === 'buyer' ? '/my-purchases' : '/my-products',
      tag: listingTag(reminder.productId),
    });
}

/** A review made visible: its subject is told. */
export async function pushReviewShown(deps: PushDeps, change: StreamChange): Promise<void> {
  const shown = reviewShownOf(change);
  if (!shown) return;
  await pushTo(deps, shown.subjectId, 'deals', {
    title: 'Recibiste una reseña',
    body: `${'★'.repeat(Math.max(1, Math.min(5, Math.round(shown.stars))))} sobre ${quoted(shown.title)}.`,
    path: shown.side === 'buyer' ? `/vendedor/${encodeURIComponent(shown.subjectId)}` : '/my-purchases',
    tag: listingTag(shown.productId),
  });
}

/** The reports' decisions on a listing: held for review, then released by an admin. */
export async function pushReportDecision(deps: PushDeps, change: StreamChange): Promise<void> {
  const hold = holdEventOf(change);
  if (hold) {
    await pushTo(deps, hold.ownerId, 'reports', {
      title: 'Tu publicación está en revisión',
      body: `${quoted(hold.title)} recibió reportes y no se muestra mientras un administrador la revisa.`,
      path: '/my-products',
      tag: listingTag(hold.productId),
    });
    return;
  }
  const released = releaseEventOf(change);
  if (released)
    await pushTo(deps, released.ownerId, 'reports', {
      title: 'Tu publicación volvió a mostrarse',
      body: `Un administrador revisó los reportes de ${quoted(released.title)}.`,
      path: `/product/${released.productId}`,
      tag: listingTag(released.productId),
    });
}
