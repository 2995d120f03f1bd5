/**
 * Cognito's refusals of a sign-in in the app's Spanish, by the error's name and, where one name
 * covers several refusals (NotAuthorizedException), by Cognito's fixed English message: the same
 * words on the student's /login and in the admin's sign-in.
 */
export const SIGN_IN_ERRORS = {
  wrongCredentials: 'Correo o contraseña incorrectos',
  disabled: 'Tu cuenta está desactivada. Escríbenos si crees que es un error.',
  unconfirmed: 'Tu correo necesita verificación.',
  resetRequired: 'Debes restablecer tu contraseña antes de iniciar sesión.',
  tooManyAttempts: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
  offline: 'Sin conexión. Revisa tu internet e inténtalo de nuevo.',
} as const;

/** The spec's title of a failed sign-in; 'Error al iniciar sesión: {reason}' when there is a reason. */
export const SIGN_IN_FAILED = 'Error al iniciar sesión';

/** Why the sign-in was refused, in Spanish, or null for a failure no person can act on. */
export function signInRefusal(error: unknown): string | null {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : '';
  switch (name) {
    case 'NotAuthorizedException':
      if (message === 'User is disabled.') return SIGN_IN_ERRORS.disabled;
      if (/attempts exceeded/i.test(message)) return SIGN_IN_ERRORS.tooManyAttempts;
      return SIGN_IN_ERRORS.wrongCredentials;
    case 'UserNotFoundException':
      return SIGN_IN_ERRORS.wrongCredentials;
    case 'UserNotConfirmedException':
      return SIGN_IN_ERRORS.unconfirmed;
    case 'PasswordResetRequiredException':
      return SIGN_IN_ERRORS.resetRequired;
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return SIGN_IN_ERRORS.tooManyAttempts;
    case 'NetworkError':
      return SIGN_IN_ERRORS.offline;
    default:
      return null;
  }
}
