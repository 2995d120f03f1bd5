import type { MailMessage } from '../../ports/accounts';
import { escapeHtml } from '#shared/html';
import { layout, subjectTitle } from './mail-templates';

export interface ExpiryReminder {
  to: string;
  sellerName: string;
  productTitle: string;
  /** 'Vence en N días' as the seller's lists say it (Caracas calendar days). */
  whenText: string;
  /** The one-click renewal page (its token in the fragment). */
  renewUrl: string;
  /** The one-click 'mark sold' page (its own token). */
  soldUrl: string;
  myProductsUrl: string;
}

/**
 * To a seller, three days before their listing expires (docs/decisions/030): renew it in one
 * click, or say it was sold. An account notice about their own listing, sent once per expiry.
 */
export function expiryReminderMail(r: ExpiryReminder): MailMessage {
  const title = subjectTitle(r.productTitle);
  const subject = `Tu publicación «${title}» está por vencer`;
  const intro =
    `Tu publicación «${r.productTitle}» ${r.whenText.charAt(0).toLowerCase()}${r.whenText.slice(1)}. ` +
    'Cuando venza dejará de aparecer en los listados y en la búsqueda.';
  const ask = '¿Sigue disponible? Renuévala con un clic. ¿Ya la vendiste? Márcala como vendida.';
  const outro =
    'Estos enlaces funcionan una sola vez, sin iniciar sesión, hasta 7 días después del vencimiento.';
  const text =
    `Hola, ${r.sellerName}:\n\n${intro}\n\n${ask}\n\nRenovar: ${r.renewUrl}\n` +
    `Marcar como vendida: ${r.soldUrl}\n\n${outro}\nMis publicaciones: ${r.myProductsUrl}\n`;
  const html =
    `<p>${escapeHtml(`Hola, ${r.sellerName}:`)}</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(ask)}</p>` +
    `<p><a href="${escapeHtml(r.renewUrl)}" style="display:inline-block;padding:10px 18px;background:#2563eb;` +
    `color:#fff;border-radius:6px;text-decoration:none">Renovar</a> ` +
    `<a href="${escapeHtml(r.soldUrl)}" style="margin-left:12px">Ya la vendí: marcar como vendida</a></p>` +
    `<p style="color:#6b7280;font-size:13px">${escapeHtml(outro)} ` +
    `<a href="${escapeHtml(r.myProductsUrl)}">Mis publicaciones</a></p>`;
  return { to: r.to, subject, text, html: layout(subject, html) };
}
