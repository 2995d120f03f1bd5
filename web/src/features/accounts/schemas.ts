import * as z from 'zod/mini';
import type { $ZodError } from 'zod/v4/core';
import { ACCOUNT_MESSAGES, signUpPasswordSchema } from '#shared/account-schemas';
import { API_MESSAGES } from '#shared/messages';
import { cleanLine } from '#shared/zod';

/**
 * The spec's form rules (accounts-publishing-admin.md, validation rules). The messages are the
 * shared ones the API answers with too (shared/account-schemas.ts).
 */
export const AUTH_FORM_MESSAGES = {
  invalidEmail: ACCOUNT_MESSAGES.invalidEmail,
  passwordMin6: ACCOUNT_MESSAGES.passwordMin6,
  nameRequired: ACCOUNT_MESSAGES.nameRequired,
  idRequired: ACCOUNT_MESSAGES.idRequired,
  mismatch: ACCOUNT_MESSAGES.passwordMismatch,
  acceptTerms: ACCOUNT_MESSAGES.acceptTerms,
} as const;

const email = z.pipe(z.string().check(z.trim()), z.email({ error: AUTH_FORM_MESSAGES.invalidEmail }));

export const loginSchema = z.object({
  email,
  password: z.string().check(z.minLength(6, AUTH_FORM_MESSAGES.passwordMin6)),
});

const passwordsMatch = z.refine<{ password: string; confirmPassword: string }>(
  (v) => v.password === v.confirmPassword,
  {
    message: AUTH_FORM_MESSAGES.mismatch,
    path: ['confirmPassword'],
  },
);

export const registerSchema = z
  .object({
    name: z.string().check(cleanLine(), z.trim(), z.minLength(2, AUTH_FORM_MESSAGES.nameRequired)),
    email,
    idNumber: z.string().check(z.trim(), z.minLength(3, AUTH_FORM_MESSAGES.idRequired)),
    password: signUpPasswordSchema,
    confirmPassword: z.string(),
    acceptTerms: z.literal(true, { error: AUTH_FORM_MESSAGES.acceptTerms }),
  })
  .check(passwordsMatch);

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    password: z
      .string()
      .check(z.minLength(8, ACCOUNT_MESSAGES.passwordMin), z.maxLength(72, ACCOUNT_MESSAGES.passwordMax)),
    confirmPassword: z.string(),
  })
  .check(passwordsMatch);

export type FieldErrors = Partial<Record<string, string>>;

/** First message per field, keyed by the top-level field name. */
export function fieldErrors(error: $ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    out[key] ??= issue.message;
  }
  return out;
}

/** An Amplify/Cognito or API error's message, for the spec's 'Error al …: {message}' toasts. */
export function errorMessage(err: unknown): string {
  return err instanceof Error && err.message ? err.message : API_MESSAGES.internal;
}
