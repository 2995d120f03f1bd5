import type { MailMessage } from '../../ports/accounts';
import { escapeHtml } from '#shared/html';
import { cleanText } from '#shared/zod';

/** The Spanish e-mails the app sends, as HTML and plain text. */

export const layout = (title: string, body: string) =>
  `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:Arial,sans-serif;color:#1f2937">${body}` +
  '<p style="color:#6b7280;font-size:12px">Mercado Universitario</p></body></html>';

export function codeMail(to: string, code: string, purpose: 'signup' | 'institutional'): MailMessage {
  const subject = purpose === 'signup' ? 'Tu código de verificación' : 'Verifica tu correo institucional';
  const intro =
    purpose === 'signup'
      ? 'Usa este código para verificar tu cuenta:'
      : 'Usa este código para verificar tu correo institucional:';
  const outro =
    'El código vence en 30 minutos y solo puede usarse una vez. Si no lo solicitaste, ignora este correo.';
  return {
    to,
    subject,
    text: `${intro}\n\n${code}\n\n${outro}\n`,
    html: layout(
      subject,
      `<p>${intro}</p><p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p><p>${outro}</p>`,
    ),
  };
}

export function resetMail(to: string, link: string): MailMessage {
  const subject = 'Restablece tu contraseña';
  const outro =
    'El enlace vence en 30 minutos y solo puede usarse una vez. Si no lo solicitaste, ignora este correo.';
  return {
    to,
    subject,
    text: `Para restablecer tu contraseña abre este enlace:\n\n${link}\n\n${outro}\n`,
    html: layout(
      subject,
      `<p>Para restablecer tu contraseña abre este enlace:</p><p><a href="${escapeHtml(link)}">Restablecer contraseña</a></p><p>${outro}</p>`,
    ),
  };
}

/**
 * To the owner of an address someone tried to register again: nothing changed; where to sign in
 * or reset the password. (The sign-up's answer is the same for every address, so this mail is how
 * the person who registered learns the address already has an account.)
 */
export function accountExistsMail(to: string, loginUrl: string, forgotUrl: string): MailMessage {
  const subject = 'Ya tienes una cuenta en Mercado Universitario';
  const intro = 'Alguien, quizás tú, intentó registrarse con este correo, pero ya tiene una cuenta.';
  const outro = 'Si no fuiste tú, ignora este correo: tu cuenta no cambió.';
  return {
    to,
    subject,
    text: `${intro}\n\nInicia sesión: ${loginUrl}\n¿Olvidaste tu contraseña? Restablécela: ${forgotUrl}\n\n${outro}\n`,
    html: layout(
      subject,
      `<p>${intro}</p><p><a href="${escapeHtml(loginUrl)}">Iniciar sesión</a> · ` +
        `<a href="${escapeHtml(forgotUrl)}">Restablecer contraseña</a></p><p>${outro}</p>`,
    ),
  };
}

/** What a question or answer mail (docs/decisions/020) says, besides the questions. */
export interface NotificationMailBase {
  to: string;
  /** The recipient's name, when their profile has one. */
  recipientName: string | null;
  productTitle: string;
  productUrl: string;
  /** The web page that turns these mails off (the link's token in its fragment). */
  unsubscribeUrl: string;
  /** The API URL mail providers POST to for one-click unsubscribe (RFC 8058). */
  oneClickUrl: string;
  settingsUrl: string;
}

/** A title as a subject line: one line, no control characters, at most 80 characters. */
export function subjectTitle(title: string): string {
  const line = cleanText(title).replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79).trimEnd()}…` : line;
}

const paragraphs = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');
const greeting = (name: string | null) => (name?.trim() ? `Hola, ${name.trim()}:` : 'Hola:');

/** The footer of every notification mail, and its headers: how to stop them, in one click too. */
function notificationEnvelope(
  base: NotificationMailBase,
  subject: string,
  text: string,
  html: string,
): MailMessage {
  const why =
    'Recibes este correo porque tienes activadas las notificaciones de preguntas, respuestas y compras de Mercado Universitario.';
  return {
    to: base.to,
    subject,
    text:
      `${text}\n\n--\n${why}\nPara no recibir más estos correos: ${base.unsubscribeUrl}\n` +
      `También puedes cambiarlo en Configuración: ${base.settingsUrl}\n`,
    html: layout(
      subject,
      `${html}<hr style="border:none;border-top:1px solid #e5e7eb">` +
        `<p style="color:#6b7280;font-size:12px">${why} ` +
        `<a href="${escapeHtml(base.unsubscribeUrl)}">No recibir más estos correos</a> · ` +
        `<a href="${escapeHtml(base.settingsUrl)}">Configuración</a></p>`,
    ),
    headers: [
      { name: 'List-Unsubscribe', value: `<${base.oneClickUrl}>` },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ],
  };
}

/** To a seller: the new questions on their product (one, or those gathered in the window). */
export function newQuestionsMail(
  base: NotificationMailBase,
  questions: readonly { askerName: string; text: string }[],
): MailMessage {
  const title = subjectTitle(base.productTitle);
  const many = questions.length > 1;
  const subject = many
    ? `${questions.length} preguntas nuevas sobre «${title}»`
    : `Nueva pregunta sobre «${title}»`;
  const intro = many
    ? `Tienes ${questions.length} preguntas nuevas sobre tu producto «${base.productTitle}»:`
    : `${questions[0]?.askerName ?? 'Alguien'} preguntó sobre tu producto «${base.productTitle}»:`;
  const action = many ? 'Respóndelas en la página del producto' : 'Respóndela en la página del producto';
  const text =
    `${greeting(base.recipientName)}\n\n${intro}\n\n` +
    questions.map((q) => `${q.askerName} pregunta:\n${q.text}`).join('\n\n') +
    `\n\n${action}: ${base.productUrl}`;
  const html =
    `<p>${escapeHtml(greeting(base.recipientName))}</p><p>${escapeHtml(intro)}</p>` +
    questions
      .map(
        (q) =>
          `<blockquote style="margin:12px 0;padding:8px 12px;border-left:3px solid #2563eb;background:#f8fafc">` +
          `<p style="margin:0 0 4px;color:#6b7280;font-size:13px">${escapeHtml(q.askerName)} pregunta:</p>` +
          `<p style="margin:0">${paragraphs(q.text)}</p></blockquote>`,
      )
      .join('') +
    `<p><a href="${escapeHtml(base.productUrl)}">${escapeHtml(action)}</a></p>`;
  return notificationEnvelope(base, subject, text, html);
}

/** To an asker: the answers the seller gave to their questions (one, or those gathered). */
export function newAnswersMail(
  base: NotificationMailBase,
  answers: readonly { question: string; answer: string }[],
): MailMessage {
  const title = subjectTitle(base.productTitle);
  const many = answers.length > 1;
  const subject = many
    ? `Respondieron ${answers.length} de tus preguntas sobre «${title}»`
    : `Respondieron tu pregunta sobre «${title}»`;
  const intro = many
    ? `El vendedor respondió ${answers.length} de tus preguntas sobre «${base.productTitle}»:`
    : `El vendedor respondió tu pregunta sobre «${base.productTitle}»:`;
  const text =
    `${greeting(base.recipientName)}\n\n${intro}\n\n` +
    answers.map((a) => `Tu pregunta:\n${a.question}\nRespuesta:\n${a.answer}`).join('\n\n') +
    `\n\nVer el producto: ${base.productUrl}`;
  const html =
    `<p>${escapeHtml(greeting(base.recipientName))}</p><p>${escapeHtml(intro)}</p>` +
    answers
      .map(
        (a) =>
          `<blockquote style="margin:12px 0;padding:8px 12px;border-left:3px solid #2563eb;background:#f8fafc">` +
          `<p style="margin:0 0 4px;color:#6b7280;font-size:13px">Tu pregunta:</p><p style="margin:0 0 8px">${paragraphs(a.question)}</p>` +
          `<p style="margin:0 0 4px;color:#6b7280;font-size:13px">Respuesta:</p><p style="margin:0">${paragraphs(a.answer)}</p>` +
          '</blockquote>',
      )
      .join('') +
    `<p><a href="${escapeHtml(base.productUrl)}">Ver el producto</a></p>`;
  return notificationEnvelope(base, subject, text, html);
}

/**
 * To a buyer named in a sale (issue 40): did they receive it? The answer is in 'Mis Compras', where
 * the handoff code is too; the mail carries neither the code nor the seller's contact.
 */
export function dealToConfirmMail(
  base: Omit<NotificationMailBase, 'productUrl'> & {
    purchasesUrl: string;
    sellerName: string;
    answerBy: string;
  },
): MailMessage {
  const subject = `¿Recibiste «${subjectTitle(base.productTitle)}»?`;
  const intro = `${base.sellerName} indicó que te vendió «${base.productTitle}» en Mercado Universitario.`;
  const ask =
    `Cuéntanos si lo recibiste desde Mis Compras antes del ${base.answerBy}. ` +
    'Cuando lo confirmes, podrán dejarse una reseña el uno al otro.';
  const text = `${greeting(base.recipientName)}\n\n${intro}\n\n${ask}\n\nResponder en Mis Compras: ${base.purchasesUrl}`;
  const html =
    `<p>${escapeHtml(greeting(base.recipientName))}</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(ask)}</p>` +
    `<p><a href="${escapeHtml(base.purchasesUrl)}" style="display:inline-block;padding:10px 18px;` +
    `background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">Responder en Mis Compras</a></p>`;
  return notificationEnvelope({ ...base, productUrl: base.purchasesUrl }, subject, text, html);
}

/** To a side of a confirmed deal who has not reviewed the other yet, two days before the window closes. */
export function reviewWindowClosingMail(
  base: Omit<NotificationMailBase, 'productUrl'> & { pageUrl: string; otherName: string; until: string },
): MailMessage {
  const subject = `Te quedan 2 días para dejar tu reseña de «${subjectTitle(base.productTitle)}»`;
  const intro =
    `Tu compra o venta de «${base.productTitle}» con ${base.otherName} está confirmada. ` +
    `Puedes dejarle una reseña hasta el ${base.until}; después ya no será posible.`;
  const text = `${greeting(base.recipientName)}\n\n${intro}\n\nDejar mi reseña: ${base.pageUrl}`;
  const html =
    `<p>${escapeHtml(greeting(base.recipientName))}</p><p>${escapeHtml(intro)}</p>` +
    `<p><a href="${escapeHtml(base.pageUrl)}">Dejar mi reseña</a></p>`;
  return notificationEnvelope({ ...base, productUrl: base.pageUrl }, subject, text, html);
}

/** To the reviewed person, once a review of them is visible (both wrote, or the window closed). */
export function reviewReceivedMail(
  base: Omit<NotificationMailBase, 'productUrl'> & {
    pageUrl: string;
    authorName: string;
    stars: number;
    text: string | null;
  },
): MailMessage {
  const subject = `${base.authorName} te dejó una reseña`;
  const stars = `${'★'.repeat(base.stars)}${'☆'.repeat(5 - base.stars)} (${base.stars} de 5)`;
  const intro = `${base.authorName} dejó una reseña de tu compra o venta de «${base.productTitle}»:`;
  const outro = 'Puedes publicar una respuesta, una sola vez.';
  const text = `${greeting(base.recipientName)}\n\n${intro}\n\n${stars}\n${base.text ?? ''}\n\n${outro}\nVer la reseña: ${base.pageUrl}`;
  const html =
    `<p>${escapeHtml(greeting(base.recipientName))}</p><p>${escapeHtml(intro)}</p>` +
    `<blockquote style="margin:12px 0;padding:8px 12px;border-left:3px solid #2563eb;background:#f8fafc">` +
    `<p style="margin:0 0 4px">${escapeHtml(stars)}</p>` +
    (base.text ? `<p style="margin:0">${paragraphs(base.text)}</p>` : '') +
    `</blockquote><p>${escapeHtml(outro)} <a href="${escapeHtml(base.pageUrl)}">Ver la reseña</a></p>`;
  return notificationEnvelope({ ...base, productUrl: base.pageUrl }, subject, text, html);
}

/**
 * To a seller whose product was hidden for review by reports (docs/decisions/019). An account
 * notice, not a notification: it is sent whatever the questions switch says, and has no
 * unsubscribe link. It names no reporter and no reason, which the admin's review settles.
 */
export function heldForReviewMail(
  to: string,
  recipientName: string | null,
  productTitle: string,
  myProductsUrl: string,
): MailMessage {
  const subject = `Tu publicación «${subjectTitle(productTitle)}» está en revisión`;
  const intro =
    `Tu publicación «${productTitle}» recibió reportes de varios miembros verificados de tu comunidad, ` +
    'así que la ocultamos de los listados y de la búsqueda mientras un administrador la revisa.';
  const outro =
    'No tienes que hacer nada: si la revisión no encuentra problemas, volverá a mostrarse sola. ' +
    'Mientras tanto la verás como «En revisión» en Mis Publicaciones.';
  return {
    to,
    subject,
    text: `${greeting(recipientName)}\n\n${intro}\n\n${outro}\n\nMis Publicaciones: ${myProductsUrl}\n`,
    html: layout(
      subject,
      `<p>${escapeHtml(greeting(recipientName))}</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(outro)}</p>` +
        `<p><a href="${escapeHtml(myProductsUrl)}">Ver Mis Publicaciones</a></p>`,
    ),
  };
}
