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
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message: string = API_MESSAGES.tooManyRequests) {
    super(429, 'too_many_requests', message);
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(message: string = API_MESSAGES.notReady) {
    super(503, 'unavailable', message);
  }
}
