import * as z from 'zod/mini';
import { universityIdSchema } from './schemas';
import { cleanLine, integer } from './zod';

/**
 * Schemas of the accounts API (sign-up codes, password reset, institutional e-mail, profile,
 * favorites). Messages are the spec's Spanish texts where the spec gives them.
 */
export const ACCOUNT_MESSAGES = {
  /** The spec's /settings toasts (the name form and the notification switch). */
  settingsSaved: 'Configuración guardada correctamente',
  settingsSaveFailed: 'Error al guardar la configuración',
  invalidEmail: 'Correo electrónico inválido',
  codeFormat: 'El código debe tener 6 dígitos.',
  invalidCode: 'Código de verificación inválido',
  expiredCode: 'El código de verificación ha expirado',
  usedCode: 'Este código ya ha sido utilizado',
  tooManyAttempts: 'Demasiados intentos. Solicita un nuevo código.',
  tooManyCodes: 'Has solicitado demasiados códigos. Inténtalo de nuevo en una hora.',
  /** One account, codes to too many institutional addresses (or too often) in 24 hours. */
  tooManyInstitutionalCodes:
    'Has solicitado demasiados códigos de verificación institucional. Inténtalo de nuevo en 24 horas.',
  missingFields: 'Por favor completa todos los campos',
  invalidUniversity: 'Universidad no válida',
  /** '{domain}' is replaced by the university's e-mail domain. */
  wrongDomain: 'El correo debe ser del dominio {domain}',
  passwordMin: 'La contraseña debe tener al menos 8 caracteres',
  passwordMax: 'La contraseña es demasiado larga',
  invalidResetLink: 'Acceso no válido. Abre el enlace desde tu correo para restablecer.',
  nameRequired: 'El nombre es requerido',
  /** Sign-in and sign-up forms (the pool's minimum; reset asks for 8). */
  passwordMin6: 'La contraseña debe tener al menos 6 caracteres',
  idRequired: 'La cédula es requerida',
  idTooLong: 'La cédula es demasiado larga',
  nameTooLong: 'El nombre es demasiado largo',
  passwordMismatch: 'Las contraseñas no coinciden',
  acceptTerms: 'Debe aceptar los términos y condiciones',
  institutionalTaken: 'Este correo institucional ya está verificado en otra cuenta.',
  weakPassword: 'La contraseña no cumple los requisitos de seguridad.',
  /** A confirmation or resend with no live registration of this browser (expired, or never made here). */
  registrationInvalid: 'Tu registro ya no es válido. Vuelve a registrarte.',
  /** A code confirmed when the address already has an account (another registration was confirmed). */
  accountExists: 'Este correo ya tiene una cuenta. Inicia sesión o restablece tu contraseña.',
  tooManyResends: 'Has solicitado demasiados códigos para este registro. Inténtalo de nuevo en una hora.',
  /** Decision 042: the university's domain is a public provider's or a shared suffix (old data). */
  universityDomainNotInstitutional:
    'Esta universidad no admite verificaciones: su dominio de correo no es institucional. Contacta a un administrador.',
  /** Decision 042: the university was deleted or changed its domain after the code was sent. */
  universityClosed: 'Esta universidad ya no está disponible o cambió su dominio de correo. Solicita un nuevo código.',
  /** Decision 042: the profile's institutional tab, after the university was deleted. */
  endedUniversityDeleted:
    'Tu universidad fue eliminada de Mercado Universitario; tu correo institucional ya no está verificado.',
} as const;

/** Why a verified institutional e-mail stopped being verified (decision 042). */
export const INSTITUTIONAL_END_REASONS = ['university_deleted'] as const;
export const institutionalEndedSchema = z.object({
  reason: z.enum(INSTITUTIONAL_END_REASONS),
  university_name: z.string(),
  at: z.string(),
});
export type InstitutionalEnded = z.infer<typeof institutionalEndedSchema>;

export const emailSchema = z.pipe(
  z
    .string({ error: ACCOUNT_MESSAGES.invalidEmail })
    .check(z.trim(), z.toLowerCase(), z.maxLength(254, ACCOUNT_MESSAGES.invalidEmail)),
  z.email({ error: ACCOUNT_MESSAGES.invalidEmail }),
);

/** Exactly six digits (the spec's 100000–999999 codes). */
export const codeSchema = z
  .string({ error: ACCOUNT_MESSAGES.codeFormat })
  .check(z.regex(/^\d{6}$/, ACCOUNT_MESSAGES.codeFormat));

export const okSchema = z.object({ ok: z.literal(true) });

export const emailBodySchema = z.strictObject({ email: emailSchema });

/** The sign-up form's password rules (the pool's minimum; a reset asks for 8). */
export const signUpPasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.passwordMin6 })
  .check(z.minLength(6, ACCOUNT_MESSAGES.passwordMin6), z.maxLength(72, ACCOUNT_MESSAGES.passwordMax));

/**
 * POST /api/auth/sign-up: the register form's details (spec: sign-up with e-mail and data
 * {full_name, national_id, university_id}), with the form's rules and messages. No password: it is
 * given with the mailed code, by whoever confirms (docs/decisions/040). The upper bounds are the
 * user pool's (custom:national_id 20).
 */
export const signUpBodySchema = z.strictObject({
  email: emailSchema,
  full_name: z
    .string({ error: ACCOUNT_MESSAGES.nameRequired })
    .check(
      cleanLine(),
      z.trim(),
      z.minLength(2, ACCOUNT_MESSAGES.nameRequired),
      z.maxLength(100, ACCOUNT_MESSAGES.nameTooLong),
    ),
  national_id: z
    .string({ error: ACCOUNT_MESSAGES.idRequired })
    .check(
      cleanLine(),
      z.trim(),
      z.minLength(3, ACCOUNT_MESSAGES.idRequired),
      z.maxLength(20, ACCOUNT_MESSAGES.idTooLong),
    ),
  /** The selected university (local storage), or empty when none was chosen. */
  university_id: z.optional(z.union([z.literal(''), universityIdSchema])),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/**
 * The handle of one registration, held by the browser that made it: `<id>.<secret>` (16 and 32
 * random bytes, base64url). The id names the registration; the secret, stored only hashed, proves
 * the caller made it, so nobody else can confirm it, resend its code or spend its attempts.
 */
export const registrationTokenSchema = z
  .string({ error: ACCOUNT_MESSAGES.registrationInvalid })
  .check(z.regex(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/, ACCOUNT_MESSAGES.registrationInvalid));

/** What a sign-up answers: the registration's handle, for this browser alone. */
export const signUpResultSchema = z.object({ ok: z.literal(true), registration: registrationTokenSchema });
export type SignUpResult = z.infer<typeof signUpResultSchema>;

/** POST /api/auth/sign-up-code: a new code for this browser's registration. */
export const signUpCodeBodySchema = z.strictObject({ registration: registrationTokenSchema });

/**
 * POST /api/auth/confirm: the mailed code, the registration it was mailed for, and the password of
 * the account it creates, chosen by the person who confirms (docs/decisions/040).
 */
export const confirmSignUpBodySchema = z.strictObject({
  registration: registrationTokenSchema,
  code: codeSchema,
  password: signUpPasswordSchema,
});

export const resetPasswordBodySchema = z.strictObject({
  token: z
    .string()
    .check(
      z.minLength(20, ACCOUNT_MESSAGES.invalidResetLink),
      z.maxLength(200, ACCOUNT_MESSAGES.invalidResetLink),
    ),
  password: z
    .string()
    .check(z.minLength(8, ACCOUNT_MESSAGES.passwordMin), z.maxLength(72, ACCOUNT_MESSAGES.passwordMax)),
});

export const institutionalCodeBodySchema = z.strictObject({
  university_id: universityIdSchema,
  email: emailSchema,
});
export const institutionalVerifyBodySchema = z.strictObject({ code: codeSchema });

/** The spec's user_profiles row, plus the account's e-mail. */
export const profileSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  full_name: z.nullable(z.string()),
  university_email: z.nullable(z.string()),
  university_email_verified: z.boolean(),
  university_id: z.nullable(z.string()),
  created_at: z.string(),
  /** Set when a verification ended without the person (their university was deleted); cleared when verified again. */
  university_email_ended: z.optional(z.nullable(institutionalEndedSchema)),
});
export type Profile = z.infer<typeof profileSchema>;

export const institutionalStatusSchema = z.pick(profileSchema, {
  university_email: true,
  university_email_verified: true,
  university_id: true,
  university_email_ended: true,
});

export const updateProfileBodySchema = z.strictObject({
  full_name: z
    .string()
    .check(cleanLine(), z.trim(), z.minLength(2, ACCOUNT_MESSAGES.nameRequired), z.maxLength(100)),
});

export const favoriteStateSchema = z.object({
  product_id: integer().check(z.positive()),
  saved: z.boolean(),
});

/** The domain part of an address ('ana@est.ucab.edu.ve' → 'est.ucab.edu.ve'). */
export const domainOfEmail = (email: string) => email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();

/** An institutional address must end with exactly '@' + the university's domain (spec). */
export function emailInDomain(email: string, domain: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${domain.toLowerCase()}`);
}
