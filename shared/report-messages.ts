import { LIMITS } from './limits';

/**
 * The Spanish texts of reports (the spec's Reports messages and Report rules), apart from the
 * schemas of shared/reports.ts so that the product page can say them without loading zod.
 */
export const REPORT_MESSAGES = {
  categoryRequired: 'Por favor selecciona una categoría de reporte',
  commentTooLong: `El comentario no puede tener más de ${LIMITS.reportCommentMax} caracteres`,
  sent: 'Reporte enviado correctamente. Será revisado por nuestro equipo.',
  failed: 'Error al enviar el reporte. Inténtalo de nuevo.',
  /** Information, not an error: the one report a user may make of a product exists already. */
  alreadyReported: 'Ya has reportado este producto anteriormente',
  ownProduct: 'No puedes reportar tu propio producto.',
  dailyLimit: 'Has enviado demasiados reportes hoy. Inténtalo de nuevo mañana.',
  /** The seller's product is out of listings until an admin reviews the reports it got. */
  underReview:
    'Este producto está en revisión por reportes de la comunidad. No puedes modificarlo hasta que un administrador lo revise.',
} as const;

/** The error code of a repeated report (409): the web app shows it as information. */
export const ALREADY_REPORTED_CODE = 'already_reported';
