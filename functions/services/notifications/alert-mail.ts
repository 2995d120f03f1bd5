import { formatUsd } from '#shared/money';
import type { MailMessage } from '../../ports/accounts';
import { escapeHtml } from '#shared/html';
import { layout, subjectTitle } from './mail-templates';

/** The alert mail (docs/decisions/031): the new listings of a person's saved searches. */

export interface AlertMailListing {
  title: string;
  price: number;
  /** Absolute URL of the listing's photo, or null. */
  photoUrl: string | null;
  url: string;
}

export interface AlertMailInput {
  to: string;
  recipientName: string | null;
  /** How the mail names the saved searches matched ('calculadora', 'Electrónica'), distinct. */
  searchLabels: string[];
  /** The listings shown (at most a dozen) … */
  listings: AlertMailListing[];
  /** … of this many new listings. */
  total: number;
  alertsUrl: string;
  unsubscribeUrl: string;
  oneClickUrl: string;
}

/** The subject: 'Nuevo producto para "calculadora"', '3 nuevos productos para "calculadora"'. */
export function alertSubject(count: number, labels: readonly string[]): string {
  const first = `"${subjectTitle(labels[0] ?? 'tu alerta')}"`;
  const target = labels.length > 1 ? `${first} y otras alertas` : first;
  return count === 1 ? `Nuevo producto para ${target}` : `${count} nuevos productos para ${target}`;
}

export function alertMail(input: AlertMailInput): MailMessage {
  const subject = alertSubject(input.total, input.searchLabels);
  const hello = input.recipientName?.trim() ? `Hola, ${input.recipientName.trim()}:` : 'Hola:';
  const intro =
    input.total === 1
      ? 'Se publicó un producto que coincide con tu alerta:'
      : `Se publicaron ${input.total} productos que coinciden con tus alertas:`;
  const more =
    input.total > input.listings.length ? `Y ${input.total - input.listings.length} más en tus alertas.` : '';
  const why = 'Recibes este correo porque guardaste una búsqueda con alerta en Mercado Universitario.';
  const text =
    `${hello}\n\n${intro}\n\n` +
    input.listings.map((l) => `${l.title} — ${formatUsd(l.price)}\n${l.url}`).join('\n\n') +
    `${more ? `\n\n${more}` : ''}\n\nTus alertas: ${input.alertsUrl}\n\n--\n${why}\nPara no recibir más alertas: ${input.unsubscribeUrl}\n`;
  const cards = input.listings
    .map(
      (l) =>
        '<tr><td style="padding:8px 0;vertical-align:top;width:96px">' +
        (l.photoUrl
          ? `<a href="${escapeHtml(l.url)}"><img src="${escapeHtml(l.photoUrl)}" alt="" width="88" height="88" style="object-fit:cover;border-radius:8px"></a>`
          : '') +
        '</td><td style="padding:8px;vertical-align:top">' +
        `<a href="${escapeHtml(l.url)}" style="color:#1f2937;font-weight:bold">${escapeHtml(l.title)}</a>` +
        `<p style="margin:4px 0;color:#2563eb;font-weight:bold">${escapeHtml(formatUsd(l.price))}</p></td></tr>`,
    )
    .join('');
  const html =
    `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p><table role="presentation">${cards}</table>` +
    (more ? `<p>${escapeHtml(more)}</p>` : '') +
    `<p><a href="${escapeHtml(input.alertsUrl)}">Ver mis alertas</a></p>` +
    '<hr style="border:none;border-top:1px solid #e5e7eb">' +
    `<p style="color:#6b7280;font-size:12px">${why} ` +
    `<a href="${escapeHtml(input.unsubscribeUrl)}">No recibir más alertas</a></p>`;
  return {
    to: input.to,
    subject,
    text,
    html: layout(subject, html),
    headers: [
      { name: 'List-Unsubscribe', value: `<${input.oneClickUrl}>` },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ],
  };
}
