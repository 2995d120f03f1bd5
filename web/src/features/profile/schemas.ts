import { ACCOUNT_MESSAGES, emailInDomain, emailSchema } from '#shared/account-schemas';
import type { University } from '#shared/schemas';

/**
 * The institutional e-mail rules of the spec, checked before any request (the API checks the same):
 * both fields, a known university, a valid address of that university's domain.
 */
export function institutionalEmailError(
  universityId: string,
  email: string,
  universities: readonly Pick<University, 'id' | 'email_domain'>[],
): { field: 'university' | 'email'; message: string } | null {
  if (!universityId || !email.trim()) return { field: 'email', message: ACCOUNT_MESSAGES.missingFields };
  const university = universities.find((u) => u.id === universityId);
  if (!university) return { field: 'university', message: ACCOUNT_MESSAGES.invalidUniversity };
  if (!emailSchema.safeParse(email).success)
    return { field: 'email', message: ACCOUNT_MESSAGES.invalidEmail };
  if (!emailInDomain(email, university.email_domain))
    return {
      field: 'email',
      message: ACCOUNT_MESSAGES.wrongDomain.replace('{domain}', university.email_domain),
    };
  return null;
}

/** The university whose domain an institutional address belongs to (for /verify-email's resend). */
export function universityOfEmail<U extends Pick<University, 'id' | 'email_domain'>>(
  email: string,
  universities: readonly U[],
): U | null {
  return universities.find((u) => emailInDomain(email, u.email_domain)) ?? null;
}
