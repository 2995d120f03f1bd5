/**
 * Texts of the seller page, the meeting points and the safety tips (issue 14; docs/decisions/032).
 * Zod-free, so the web's first route can read them without the schemas.
 */
export const TRUST_MESSAGES = {
  sellerNotFound: 'Vendedor no encontrado',
  meetingPointNotFound: 'Punto de encuentro no encontrado',
  meetingPointNameRequired: 'El nombre del punto de encuentro es requerido.',
  meetingPointNameTooLong: 'El nombre del punto de encuentro no puede superar los 200 caracteres.',
  meetingPointDescriptionTooLong: 'La descripción no puede superar los 500 caracteres.',
  meetingPointHoursTooLong: 'El horario no puede superar los 200 caracteres.',
  tooManyMeetingPoints: 'Esta universidad ya tiene el máximo de puntos de encuentro.',
  hideSoldRequired: 'Indica si quieres ocultar tus vendidos.',
} as const;

/** Most meeting points a university keeps (one Query reads them all, the dialog lists them). */
export const MEETING_POINTS_MAX = 30;
export const MEETING_POINT_NAME_MAX = 200;
