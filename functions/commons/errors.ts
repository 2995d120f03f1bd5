import { API_MESSAGES } from '#shared/messages';

/** Typed errors of the services. They are mapped to HTTP in one place (commons/http.ts). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string = API_MESSAGES.badRequest, details?: { path: string; message: string }[]) {
    super(400, 'bad_request', message, details);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message: string = API_MESSAGES.unauthorized) {
    super(401, 'unauthorized', message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string = API_MESSAGES.forbidden) {
    super(403, 'forbidden', message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string = API_MESSAGES.notFound) {
    super(404, 'not_found', message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, details?: { path: string; message: string }[]) {
    super(409, 'conflict', message, details);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string = API_MESSAGES.bodyTooLarge) {
    super(413, 'payload_too_large', message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message: string = API_MESSAGES.tooManyRequests) {
    super(429, 'too_many_requests', message);
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(
    message: string = API_MESSAGES.unavailable,
    details?: { path: string; message: string }[],
    /** Fields answered beside `error` (health's report: which part is down), for monitors to read. */
    readonly report?: Readonly<Record<string, unknown>>,
  ) {
    super(503, 'unavailable', message, details);
  }
}

/** Seconds a client is asked to wait (Retry-After) when a dependency is down or throttling. */
export const RETRY_AFTER_SECONDS = 5;

/** AWS error names that mean "the service is busy or down right now", not "your request is wrong". */
const UNAVAILABLE_NAMES = new Set([
  'ThrottlingException',
  'Throttling',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'LimitExceededException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'InternalFailure',
  'InternalServerException',
  'RequestTimeout',
  'RequestTimeoutException',
  'TimeoutError',
]);
/** Network failures Node reports by code. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/**
 * True when an error says a dependency (the table, the user pool, SES, S3, the model) is down,
 * unreachable or throttling: the request may succeed in a moment, so it is a 503, not a 500.
 * Recognised by shape (AWS SDK v3 service errors carry `$fault` and `$metadata`; Node network
 * errors a `code`), so no layer needs the SDK to tell.
 */
export function isDependencyUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const e = error as Error & {
    $fault?: string;
    $metadata?: { httpStatusCode?: number };
    code?: string;
    cause?: unknown;
  };
  if (UNAVAILABLE_NAMES.has(e.name)) return true;
  if (e.code && NETWORK_CODES.has(e.code)) return true;
  const status = e.$metadata?.httpStatusCode;
  if (e.$fault === 'server' || status === 429 || (status !== undefined && status >= 500)) return true;
  // fetch and the SDK wrap the network error they met.
  return e.cause !== undefined && e.cause !== error && isDependencyUnavailable(e.cause);
}

/**
 * The create's transaction was refused because its request's first answer is already stored: a
 * twin request with the same Idempotency-Key was written first. The router answers with that
 * answer (docs/decisions/041).
 */
export class IdempotencyKeyTakenError extends Error {
  constructor() {
    super('idempotency record already written');
    this.name = 'IdempotencyKeyTakenError';
  }
}

/** Failures after which a write may still have been applied: the request went out, no answer came. */
const UNKNOWN_OUTCOME_NAMES = new Set([
  'TimeoutError',
  'AbortError',
  'RequestTimeout',
  'RequestTimeoutException',
  'InternalServerError',
  'InternalFailure',
  'InternalServerException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
]);
const UNKNOWN_OUTCOME_CODES = new Set(['ETIMEDOUT', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/**
 * True when a write failed in a way that does not tell whether it was applied (a timeout, a
 * connection cut, a server fault): what it would have replaced or referred to must be kept, since
 * the write may land (decision 041). A refusal (a condition, a throttle, a validation error, a
 * connection never made) is not: the write did not happen.
 */
export function writeOutcomeUnknown(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const e = error as Error & { $fault?: string; code?: string; cause?: unknown };
  if (UNKNOWN_OUTCOME_NAMES.has(e.name)) return true;
  if (e.code && UNKNOWN_OUTCOME_CODES.has(e.code)) return true;
  if (e.$fault === 'server') return true;
  return e.cause !== undefined && e.cause !== error && writeOutcomeUnknown(e.cause);
}
