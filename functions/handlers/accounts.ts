import { signedIn } from '../commons/auth';
import type { accountsRoutes } from '#shared/api/accounts';
import { clientAddress } from '../http/client-ip';
import { Answered, type AreaHandlers } from '../http/router';
import {
  getPushSettings,
  type PushDeviceDeps,
  subscribePush,
  unsubscribePush,
  updatePushSettings,
} from '../services/push/devices';
import {
  type AccountDeps,
  confirmSignUp,
  getProfile,
  requestInstitutionalCode,
  requestPasswordReset,
  requestSignUpCode,
  resetPassword,
  signOutEverywhere,
  signUp,
  updateProfile,
  verifyInstitutionalEmail,
} from '../services/accounts/accounts';
import {
  getNotificationSettings,
  type NotificationSettingsDeps,
  unsubscribeByToken,
  updateNotificationSettings,
} from '../services/accounts/notification-settings';
import type { TrustStore } from '../ports/trust';
import { getSellerPageSettings, updateSellerPageSettings } from '../services/accounts/seller-settings';

/** The accounts area's routes (shared/api/accounts.ts), one handler each. */
export const accountsHandlers: AreaHandlers<
  typeof accountsRoutes,
  AccountDeps & NotificationSettingsDeps & PushDeviceDeps & { trust: TrustStore }
> = {
  signUp: ({ body, event }, ctx) =>
    signUp(
      ctx,
      {
        email: body.email,
        fullName: body.full_name,
        nationalId: body.national_id,
        universityId: body.university_id || null,
      },
      clientAddress(event),
    ),
  requestSignUpCode: ({ body, event }, ctx) =>
    requestSignUpCode(ctx, body.registration, clientAddress(event)),
  confirmSignUp: ({ body }, ctx) => confirmSignUp(ctx, body.registration, body.code, body.password),
  requestPasswordReset: ({ body, event }, ctx) => requestPasswordReset(ctx, body.email, clientAddress(event)),
  resetPassword: ({ body }, ctx) => resetPassword(ctx, body.token, body.password),
  signOutEverywhere: ({ auth }, ctx) => signOutEverywhere(ctx, signedIn(auth)),
  getProfile: ({ auth }, ctx) => getProfile(ctx, signedIn(auth)),
  updateProfile: ({ auth, body }, ctx) => updateProfile(ctx, signedIn(auth), body.full_name),
  requestInstitutionalCode: ({ auth, body }, ctx) =>
    requestInstitutionalCode(ctx, signedIn(auth), body.university_id, body.email),
  verifyInstitutionalEmail: ({ auth, body }, ctx) => verifyInstitutionalEmail(ctx, signedIn(auth), body.code),
  institutionalStatus: ({ auth }, ctx) => getProfile(ctx, signedIn(auth)),
  getNotificationSettings: ({ auth }, ctx) => getNotificationSettings(ctx, signedIn(auth)),
  getSellerPageSettings: ({ auth }, ctx) => getSellerPageSettings(ctx, signedIn(auth)),
  updateSellerPageSettings: ({ auth, body }, ctx) =>
    updateSellerPageSettings(ctx, signedIn(auth), body.hide_sold),
  updateNotificationSettings: ({ auth, body }, ctx) =>
    updateNotificationSettings(ctx, signedIn(auth), body.questions),
  unsubscribeNotifications: ({ query, event }, ctx) =>
    unsubscribeByToken(ctx, query.token, clientAddress(event)),
  subscribePush: async ({ auth, body }, ctx) => {
    const { outcome, device } = await subscribePush(ctx, signedIn(auth), body);
    return outcome === 'created' ? device : new Answered(200, device);
  },
  unsubscribePush: ({ auth, body }, ctx) => unsubscribePush(ctx, signedIn(auth), body.endpoint),
  getPushSettings: ({ auth }, ctx) => getPushSettings(ctx, signedIn(auth)),
  updatePushSettings: ({ auth, body }, ctx) => updatePushSettings(ctx, signedIn(auth), body),
};
