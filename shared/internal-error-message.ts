/**
 * What a person reads when something failed unexpectedly (API_MESSAGES.internal). A module of its
 * own: the web app's API client, on every first route, needs this text and none of the others
 * (docs/decisions/024-phone-speed.md).
 */
export const INTERNAL_ERROR_MESSAGE = 'Ocurrió un error inesperado';
