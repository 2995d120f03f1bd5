import {
  confirmSignUpBodySchema,
  emailBodySchema,
  institutionalCodeBodySchema,
  institutionalStatusSchema,
  institutionalVerifyBodySchema,
  okSchema,
  profileSchema,
  resetPasswordBodySchema,
  signUpBodySchema,
  signUpCodeBodySchema,
  signUpResultSchema,
  updateProfileBodySchema,
} from '../account-schemas';
import {
  notificationSettingsSchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
  updateNotificationSettingsBodySchema,
} from '../notification-schemas';
import {
  pushDeviceSchema,
  pushSettingsSchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
  updatePushSettingsBodySchema,
} from '../push';
import { sellerPageSettingsBodySchema, sellerPageSettingsSchema } from '../trust';
import { defineArea } from './define';

/**
 * Accounts: Cognito holds identities and passwords; the sign-up codes, reset links and the
 * institutional e-mail codes are the app's own (mailed through SES). The public routes that mail
 * (sign-up, sign-up code, password reset) only write a mail request: the stream dispatcher looks
 * the address up and mails, so their answer is the same for every address.
 */
export const accountsRoutes = defineArea('accounts', {
  /**
   * Registration: stores the form's details as a pending registration and has its code mailed; the
   * answer hands this browser the registration's handle. No account exists until the code is
   * confirmed together with that handle and a password (docs/decisions/040). The same 202 for
   * every address.
   */
  signUp: {
    method: 'POST',
    path: '/api/auth/sign-up',
    auth: 'public',
    status: 202,
    body: signUpBodySchema,
    response: signUpResultSchema,
  },
  /** A new code for the caller's own registration (its handle), never for an address. */
  requestSignUpCode: {
    method: 'POST',
    path: '/api/auth/sign-up-code',
    auth: 'public',
    status: 202,
    body: signUpCodeBodySchema,
    response: okSchema,
  },
  /** The code, with the registration it was mailed for and the password: creates the account. */
  confirmSignUp: {
    method: 'POST',
    path: '/api/auth/confirm',
    auth: 'public',
    uses: { identity: true },
    body: confirmSignUpBodySchema,
    response: okSchema,
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/api/auth/password-reset',
    auth: 'public',
    status: 202,
    body: emailBodySchema,
    response: okSchema,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    auth: 'public',
    uses: { identity: true },
    body: resetPasswordBodySchema,
    response: okSchema,
  },
  /** Revokes every refresh token of the caller's account ('Cerrar sesión en todos los dispositivos'). */
  signOutEverywhere: {
    method: 'POST',
    path: '/api/me/sign-out-everywhere',
    auth: 'user',
    uses: { identity: true },
    response: okSchema,
  },
  getProfile: { method: 'GET', path: '/api/me/profile', auth: 'user', response: profileSchema },
  updateProfile: {
    method: 'PATCH',
    path: '/api/me/profile',
    auth: 'user',
    body: updateProfileBodySchema,
    response: profileSchema,
  },
  requestInstitutionalCode: {
    method: 'POST',
    path: '/api/me/institutional-email',
    auth: 'user',
    status: 202,
    uses: { mail: true },
    body: institutionalCodeBodySchema,
    response: okSchema,
  },
  verifyInstitutionalEmail: {
    method: 'POST',
    path: '/api/me/institutional-email/verify',
    auth: 'user',
    body: institutionalVerifyBodySchema,
    response: profileSchema,
  },
  institutionalStatus: {
    method: 'GET',
    path: '/api/me/institutional-email',
    auth: 'user',
    response: institutionalStatusSchema,
  },
  /** /settings → Notificaciones: whether question and answer mails are on (docs/decisions/020). */
  getNotificationSettings: {
    method: 'GET',
    path: '/api/me/notifications',
    auth: 'user',
    response: notificationSettingsSchema,
  },
  updateNotificationSettings: {
    method: 'PUT',
    path: '/api/me/notifications',
    auth: 'user',
    body: updateNotificationSettingsBodySchema,
    response: notificationSettingsSchema,
  },
  /**
   * Web Push (issue 41): this device's subscription held for the caller (201; 200 when it was held
   * already, its keys refreshed). At most MAX_PUSH_DEVICES a person: the oldest goes first.
   */
  subscribePush: {
    method: 'POST',
    path: '/api/me/push-subscriptions',
    auth: 'user',
    status: 201,
    body: pushSubscriptionBodySchema,
    response: pushDeviceSchema,
  },
  /** The device leaves (push turned off, or signing out there): only the caller's own endpoint goes. */
  unsubscribePush: {
    method: 'DELETE',
    path: '/api/me/push-subscriptions',
    auth: 'user',
    body: pushUnsubscribeBodySchema,
    response: okSchema,
  },
  /** /settings → Notificaciones: the push switches per kind (each on unless turned off). */
  getPushSettings: {
    method: 'GET',
    path: '/api/me/push-settings',
    auth: 'user',
    response: pushSettingsSchema,
  },
  updatePushSettings: {
    method: 'PUT',
    path: '/api/me/push-settings',
    auth: 'user',
    body: updatePushSettingsBodySchema,
    response: pushSettingsSchema,
  },
  /** /settings → 'Mi página de vendedor': whether the public seller page lists the sold items (032). */
  getSellerPageSettings: {
    method: 'GET',
    path: '/api/me/seller-page',
    auth: 'user',
    response: sellerPageSettingsSchema,
  },
  updateSellerPageSettings: {
    method: 'PUT',
    path: '/api/me/seller-page',
    auth: 'user',
    body: sellerPageSettingsBodySchema,
    response: sellerPageSettingsSchema,
  },
  /**
   * The unsubscribe link of every question or answer mail, without a session: a signed,
   * single-purpose token in the query turns the mails off. A POST (a GET prefetch by a mail
   * scanner changes nothing); mail providers' one-click unsubscribe (List-Unsubscribe-Post) posts
   * here too, with a form body this route does not read.
   */
  unsubscribeNotifications: {
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    auth: 'public',
    uses: { unsubscribeTokens: true },
    query: unsubscribeQuerySchema,
    response: unsubscribeResultSchema,
  },
});
