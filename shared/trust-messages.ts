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
  legacySeller: 'Vendedor de la versión anterior',
  verifiedBadge: 'Correo institucional verificado',
} as const;

/** Most meeting points a university keeps (one Query reads them all, the dialog lists them). */
export const MEETING_POINTS_MAX = 30;
export const MEETING_POINT_NAME_MAX = 200;

/**
 * The three tips the contact flow and /compra-segura show: how fraud happens here (fake transfer
 * screenshots, payment before seeing the item, lonely places).
 */
export const SAFETY_TIPS = [
  {
    title: 'Encuéntrense en el campus',
    text: 'Reúnete en un lugar público de tu universidad y de día, como la entrada de la biblioteca.',
  },
  {
    title: 'Verifica el pago en tu banco',
    text: 'Antes de entregar, revisa en tu propia app del banco que el dinero llegó: una captura de un Pago Móvil o de un Zelle no prueba nada.',
  },
  {
    title: 'Nunca pagues por adelantado',
    text: 'No envíes dinero por algo que no has visto en persona.',
  },
] as const;

/** A month of the API ('2026-03') as the pages say it: 'marzo de 2026'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return new Intl.DateTimeFormat('es-VE', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}
