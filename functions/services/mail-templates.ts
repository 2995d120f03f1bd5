import type { MailMessage } from '../ports/accounts';

/** The Spanish e-mails the app sends, as HTML and plain text. */
const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const layout = (title: string, body: string) =>
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
