/**
 * What a person reads when something failed unexpectedly (API_MESSAGES.internal). A module of its
 * own: the web app's API client, on every first route, needs this text and none of the others
 * (docs/decisions/024-phone-speed.md).
 */
export const INTERNAL_ERROR_MESSAGE = 'Ocurrió un error inesperado';

/**
 * A 429 whose body is not the API's (API Gateway's own throttle answers `{"message":"Too Many
 * Requests"}`, which no setting of an HTTP API rewords: decision 043): API_MESSAGES.tooManyRequests.
 */
export const TOO_MANY_REQUESTS_MESSAGE = 'Demasiadas solicitudes. Inténtalo más tarde.';
