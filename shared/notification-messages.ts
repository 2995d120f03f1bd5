/**
 * The Spanish texts of question and answer mails' settings and unsubscribe page (docs/decisions/020).
 * Apart from the schemas so the unsubscribe page's chunk carries no validation library.
 */
export const NOTIFICATION_MESSAGES = {
  /** A switch value that is not true or false. */
  switchRequired: 'Indica si quieres recibir estos correos (activado o desactivado).',
  /** A tampered, truncated, foreign or wrong-purpose unsubscribe link. */
  invalidUnsubscribeLink:
    'El enlace para dejar de recibir correos no es válido. Ábrelo tal como llegó en el correo, o cambia tus notificaciones en Configuración.',
  unsubscribed: 'Ya no recibirás correos de preguntas y respuestas.',
} as const;
