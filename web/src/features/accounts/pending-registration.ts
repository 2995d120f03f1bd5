import { STORAGE_KEYS } from '#shared/limits';
import { read, write } from '@/lib/storage';

/**
 * This browser's registration awaiting its mailed code (docs/decisions/040). The sign-up answers a
 * handle that only this browser holds; the code confirms the registration only together with it,
 * so nobody else's registration of the same address can be confirmed here, nor ours elsewhere.
 * The handle is kept in local storage until its account exists or it expires (a day), so the code
 * screen still works after a reload, a discarded tab or a sign-in attempt. The password is never
 * stored: it lives in memory (the register form, or a sign-in handed over with handOverPassword)
 * and the code screen asks for it when it has none.
 */
export interface PendingRegistration {
  email: string;
  registration: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** As long as the server keeps a registration (functions/services/accounts/accounts.ts). */
const KEEP_MS = 24 * 60 * 60 * 1000;

export function rememberRegistration(email: string, registration: string, now = Date.now()): void {
  const entry: PendingRegistration = { email: email.toLowerCase(), registration, expiresAt: now + KEEP_MS };
  write(STORAGE_KEYS.pendingRegistration, JSON.stringify(entry));
}

/** The pending registration of this address made in this browser, if any is still alive. */
export function pendingRegistrationOf(email: string, now = Date.now()): PendingRegistration | null {
  const raw = read(STORAGE_KEYS.pendingRegistration);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingRegistration>;
    if (
      typeof value.email !== 'string' ||
      typeof value.registration !== 'string' ||
      typeof value.expiresAt !== 'number' ||
      value.email !== email.trim().toLowerCase() ||
      value.expiresAt <= now
    )
      return null;
    return { email: value.email, registration: value.registration, expiresAt: value.expiresAt };
  } catch {
    return null;
  }
}

/** Its account exists, or it can confirm nothing more: the handle and any password in memory go. */
export function forgetRegistration(): void {
  write(STORAGE_KEYS.pendingRegistration, null);
  handedOver = null;
}

let handedOver: { email: string; password: string } | null = null;

/**
 * The password typed in the register form or a sign-in of a registration not confirmed yet, for
 * the code screen: in memory only (a reload forgets it, and the code screen asks again).
 */
export function handOverPassword(email: string, password: string): void {
  handedOver = { email: email.trim().toLowerCase(), password };
}

/** The password handed over for this address, or null. */
export function handedPassword(email: string): string | null {
  return handedOver && handedOver.email === email.trim().toLowerCase() ? handedOver.password : null;
}
