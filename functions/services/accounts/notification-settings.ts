import { API_MESSAGES } from '#shared/messages';
import { NOTIFICATION_MESSAGES, type NotificationSettings } from '#shared/notification-schemas';
import type { AuthContext } from '../../commons/auth';
import { BadRequestError } from '../../commons/errors';
import { logger } from '../../commons/observability';
import type { NotificationSettingsStore, SigningKeySource } from '../../ports/notifications';
import { type AccountDeps, getProfile } from './accounts';
import { type CodeDeps, spendAllowance } from './codes';
import { verifyUnsubscribeToken } from '../notifications/unsubscribe-tokens';
import { HOUR_MS } from '../../commons/time';

/**
 * The switch of question and answer mails (/settings → Notificaciones) and the mails' unsubscribe
 * links (docs/decisions/020). The switch lives on the profile item, on unless turned off.
 */
export interface NotificationSettingsDeps
  extends Pick<AccountDeps, 'profiles' | 'now'>,
    Pick<CodeDeps, 'sendCounter'> {
  notifySettings: NotificationSettingsStore;
  unsubscribeKey: SigningKeySource;
}

/**
 * Refused unsubscribe links per client address (functions/http/client-ip.ts) in an hour; then 429.
 * Only refusals count: a valid link always works, even from a mail provider's shared servers
 * (one-click unsubscribe comes from them), while guessing at links is bounded.
 */
export const UNSUBSCRIBE_REFUSALS_PER_CLIENT = { max: 20, windowMs: HOUR_MS } as const;

/** The caller's switch (the profile is created from the token on first use, as GET /api/me/profile does). */
export async function getNotificationSettings(
  deps: NotificationSettingsDeps,
  auth: AuthContext,
): Promise<NotificationSettings> {
  await getProfile(deps, auth);
  const recipient = await deps.notifySettings.recipient(auth.userId);
  return { questions: recipient?.questions ?? true };
}

/** Turns the caller's question and answer mails on or off; it applies to mails not sent yet. */
export async function updateNotificationSettings(
  deps: NotificationSettingsDeps,
  auth: AuthContext,
  questions: boolean,
): Promise<NotificationSettings> {
  await getProfile(deps, auth);
  if (!(await deps.notifySettings.setQuestions(auth.userId, questions)))
    throw new Error(`Profile ${auth.userId} vanished while its notifications changed`);
  return { questions };
}

/**
 * POST /api/notifications/unsubscribe: a valid link (signed with the stage's secret, purpose
 * `unsubscribe:questions`) turns its person's mails off, without a session; doing it again changes
 * nothing. Anything else is a 400 and changes nothing; refusals are limited per client address.
 */
export async function unsubscribeByToken(
  deps: NotificationSettingsDeps,
  token: string,
  client: string,
): Promise<{ ok: true; notifications: NotificationSettings }> {
  const grant = verifyUnsubscribeToken(await deps.unsubscribeKey(), token);
  if (!grant) {
    await spendAllowance(deps, `unsubscribe-refusal:${client}`, {
      ...UNSUBSCRIBE_REFUSALS_PER_CLIENT,
      message: API_MESSAGES.tooManyFromClient,
    });
    throw new BadRequestError(NOTIFICATION_MESSAGES.invalidUnsubscribeLink);
  }
  // Everyone mailed has a profile (the mail's sender makes sure); without one there is nothing to mail.
  if (!(await deps.notifySettings.setQuestions(grant.userId, false)))
    logger.warn('unsubscribe link of a person without a profile', { userId: grant.userId });
  return { ok: true, notifications: { questions: false } };
}
