import { INTERNAL_ERROR_MESSAGE, TOO_MANY_REQUESTS_MESSAGE } from './internal-error-message';

/** Spanish texts that both the API and the web app show. UI-only texts live with their screens. */
export const API_MESSAGES = {
  badRequest: 'La solicitud no es válida.',
  invalidJson: 'El cuerpo de la solicitud no es un JSON válido.',
  notFound: 'Recurso no encontrado.',
  productNotFound: 'Producto no encontrado',
  universityNotFound: 'Universidad no encontrada',
  unauthorized: 'Debes iniciar sesión para continuar.',
  /** A token that is expired, forged or for another app, or whose account was deleted or disabled. */
  sessionInvalid: 'Tu sesión ya no es válida. Inicia sesión de nuevo.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  tooManyRequests: TOO_MANY_REQUESTS_MESSAGE,
  /** A public route that mails (sign-up, sign-up code, password reset), too often from one connection. */
  tooManyFromClient: 'Demasiadas solicitudes desde tu conexión. Inténtalo de nuevo en una hora.',
  internal: INTERNAL_ERROR_MESSAGE,
  invalidCursor: 'El cursor de paginación no es válido.',
  invalidPriceRange: 'El precio mínimo no puede ser mayor que el máximo.',
  unknownCategory: 'Categoría no válida.',
  unknownCareer: 'Carrera no válida.',
  unknownCondition: 'Condición no válida.',
  unknownSort: 'Orden no válido.',
  invalidHideReserved: 'Valor no válido para ocultar reservados.',
  required: 'Este campo es requerido.',
  tooLong: 'El texto es demasiado largo.',
  /** A request body over LIMITS.apiBodyMaxBytes (the router, CloudFront's /api/* function and WAF). */
  bodyTooLarge: 'La solicitud es demasiado grande.',
  /** What WAF's rules refuse in a body or a query (decision 043). */
  blockedByFirewall: 'La solicitud contiene texto no permitido. Revísalo e inténtalo de nuevo.',
  tooManyUniversityRequests:
    'Has enviado demasiadas solicitudes de universidad. Inténtalo de nuevo más tarde.',
  unavailable: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  /** An idempotent create (docs/decisions/041) sent without its Idempotency-Key header. */
  idempotencyKeyMissing:
    'Falta la clave de la solicitud (cabecera Idempotency-Key). Recarga la página e inténtalo de nuevo.',
  idempotencyKeyInvalid:
    'La clave de la solicitud (cabecera Idempotency-Key) no es válida: usa de 16 a 64 letras, números, guiones o guiones bajos.',
  /** The same key sent again with other data: nothing is written. */
  idempotencyKeyReused:
    'Esta solicitud ya se envió con otros datos. Recarga el formulario y vuelve a enviarlo.',
  /** A twin of the request (same key) is still being written. */
  idempotencyInProgress:
    'Tu solicitud anterior todavía se está procesando. Inténtalo de nuevo en unos segundos.',
} as const;

/** The parts GET /api/health checks, as a person reads them in its 503's message. */
export const HEALTH_PART_LABELS: Readonly<Record<string, string>> = {
  table: 'la base de datos',
  search: 'el buscador',
  auth: 'el inicio de sesión',
  mail: 'el correo',
  images: 'el almacén de imágenes',
};

/** Health's 503 message: the parts that do not answer, by name ('No responde el buscador. …'). */
export function partsDownMessage(parts: readonly string[]): string {
  const labels = parts.map((p) => HEALTH_PART_LABELS[p] ?? p);
  const list = new Intl.ListFormat('es', { type: 'conjunction' }).format(labels);
  return `No ${labels.length > 1 ? 'responden' : 'responde'} ${list}. Inténtalo de nuevo en unos segundos.`;
}

/** One part of health's 503, as a detail: 'El buscador no responde.' */
export function partDownDetail(part: string): string {
  const label = HEALTH_PART_LABELS[part] ?? part;
  return `${label.charAt(0).toUpperCase()}${label.slice(1)} no responde.`;
}

/** Error body of every non-2xx API response. */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: { path: string; message: string }[] };
}

/** The JSON text of an error without details: what the edge (CloudFront's function, WAF) answers, as the router spells it. */
export const apiErrorJson = (code: string, message: string): string =>
  JSON.stringify({ error: { code, message } } satisfies ApiErrorBody);
