import * as z from 'zod/mini';
import { NOTIFICATION_MESSAGES } from './notification-messages';

/**
 * E-mail notifications of questions and answers (docs/decisions/020): the person's switch, as
 * /settings → Notificaciones shows and changes it, and the unsubscribe link every such mail carries.
 */
export { NOTIFICATION_MESSAGES };

/** What /settings shows: whether question and answer mails are on (on unless the person said no). */
export const notificationSettingsSchema = z.object({ questions: z.boolean() });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const updateNotificationSettingsBodySchema = z.strictObject({
  questions: z.boolean({ error: NOTIFICATION_MESSAGES.switchRequired }),
});

/**
 * A signed unsubscribe token as mails carry it: two base64url parts (what it grants, its HMAC).
 * Only its shape is checked here; the signature and purpose are checked by the server.
 */
export const unsubscribeTokenSchema = z
  .string({ error: NOTIFICATION_MESSAGES.invalidUnsubscribeLink })
  .check(
    z.maxLength(512, NOTIFICATION_MESSAGES.invalidUnsubscribeLink),
    z.regex(/^[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{43}$/, NOTIFICATION_MESSAGES.invalidUnsubscribeLink),
  );

/**
 * POST /api/notifications/unsubscribe?token=…: the token travels in the query, since mail
 * providers' one-click unsubscribe (RFC 8058) POSTs a form body to the URL of the List-Unsubscribe
 * header and sends nothing else.
 */
export const unsubscribeQuerySchema = z.object({ token: unsubscribeTokenSchema });

export const unsubscribeResultSchema = z.object({
  ok: z.literal(true),
  notifications: notificationSettingsSchema,
});
