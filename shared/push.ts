import * as z from 'zod/mini';

/**
 * Web Push (issue 41): a person's devices (their browsers' PushSubscriptions), the kinds of push
 * they may turn off, and what one push carries. The API validates subscriptions with these schemas;
 * the server checks the endpoint's host and the key's curve point (functions/services/push).
 */

/** The kinds of push, each with its switch in /settings → Notificaciones (on unless turned off). */
export const PUSH_KINDS = ['answers', 'questions', 'alerts', 'deals', 'reports'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The switches' labels, as /settings shows them. */
export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  answers: 'Respuestas a mis preguntas',
  questions: 'Preguntas en mis publicaciones',
  alerts: 'Productos nuevos de mis alertas',
  deals: 'Compras y reseñas',
  reports: 'Decisiones sobre reportes de mis publicaciones',
};

export const PUSH_MESSAGES = {
  invalidSubscription: 'La suscripción a notificaciones no es válida. Vuelve a activarlas en Configuración.',
  invalidEndpoint: 'La dirección de notificaciones no es de un servicio de notificaciones del navegador.',
  invalidKeys: 'Las claves de la suscripción a notificaciones no son válidas.',
  switchRequired: 'Indica si quieres recibir estas notificaciones (activado o desactivado).',
} as const;

/** Most devices a person holds; a new one beyond them replaces the oldest. */
export const MAX_PUSH_DEVICES = 10;
/** The longest endpoint accepted (real ones are under 600 characters). */
export const MAX_ENDPOINT_LENGTH = 1024;

const base64url = (bytes: number) =>
  z
    .string({ error: PUSH_MESSAGES.invalidKeys })
    .check(
      z.regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`), PUSH_MESSAGES.invalidKeys),
    );

const endpointSchema = z
  .string({ error: PUSH_MESSAGES.invalidEndpoint })
  .check(
    z.maxLength(MAX_ENDPOINT_LENGTH, PUSH_MESSAGES.invalidEndpoint),
    z.url({ error: PUSH_MESSAGES.invalidEndpoint }),
  );

/**
 * POST /api/me/push-subscriptions: the browser's PushSubscription as `toJSON()` gives it. The
 * public key is an uncompressed P-256 point (65 bytes), the secret 16 bytes (RFC 8291).
 */
export const pushSubscriptionBodySchema = z.strictObject({
  endpoint: endpointSchema,
  expirationTime: z.optional(z.nullable(z.number({ error: PUSH_MESSAGES.invalidSubscription }))),
  keys: z.strictObject({ p256dh: base64url(65), auth: base64url(16) }, { error: PUSH_MESSAGES.invalidKeys }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** DELETE /api/me/push-subscriptions: the device's endpoint (on sign-out, or push turned off). */
export const pushUnsubscribeBodySchema = z.strictObject({ endpoint: endpointSchema });

/** A device as its owner sees it answered: held, since when. */
export const pushDeviceSchema = z.object({ endpoint: z.string(), created_at: z.string() });

/** The switches, each on unless turned off. */
export const pushSettingsSchema = z.object(
  Object.fromEntries(PUSH_KINDS.map((k) => [k, z.boolean()])) as Record<PushKind, z.ZodMiniBoolean>,
);
export type PushSettings = z.infer<typeof pushSettingsSchema>;

/** PUT /api/me/push-settings: any of the switches. */
export const updatePushSettingsBodySchema = z.strictObject(
  Object.fromEntries(
    PUSH_KINDS.map((k) => [k, z.optional(z.boolean({ error: PUSH_MESSAGES.switchRequired }))]),
  ) as Record<PushKind, z.ZodMiniOptional<z.ZodMiniBoolean>>,
);

/**
 * What one push carries, encrypted to the device (RFC 8291): a Spanish title, a short body, the
 * app's path to open, and a tag (pushes about the same thing replace each other). Nothing else:
 * no address, phone or token.
 */
export const pushPayloadSchema = z.strictObject({
  title: z.string().check(z.minLength(1), z.maxLength(120)),
  body: z.string().check(z.maxLength(240)),
  path: z.string().check(z.regex(/^\/(?!\/)/)),
  tag: z.string().check(z.maxLength(64)),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
